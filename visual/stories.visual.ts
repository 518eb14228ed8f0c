import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import { devicesOf, themesOf, VISUAL_DEVICES, type VisualDevice } from "./devices";

interface IndexEntry {
  id: string;
  type: "story" | "docs";
  tags?: string[];
}

const index = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../storybook-static/index.json"), "utf8"),
) as { entries: Record<string, IndexEntry> };

const stories = Object.values(index.entries).filter((e) => e.type === "story");

/** Every time-dependent thing in a story sees this instant. */
const FIXED_NOW = new Date("2026-06-13T21:30:00Z");

type StoryWindow = Window & {
  __STORYBOOK_PREVIEW__?: {
    channel: { emit(event: string, payload: unknown): void };
    currentRender?: { id?: string; phase?: string };
  };
};

/** What Storybook's channel said of the stories shown (see the init script below). */
interface StoryVerdicts {
  __playErrors: string[];
}

interface StoryPage {
  page: Page;
  theme: string | null;
  /** Pictures the page is still loading (those an avatar preloads are not in document.images). */
  inflight: Set<unknown>;
}

/**
 * One browser page per worker, reused for every story: switching stories through Storybook's
 * channel takes a fraction of reloading the preview for each (about 0.3 s against 3 s here).
 * The page is reloaded only when the theme changes.
 */
const test = base.extend<object, { storyPage: StoryPage }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const device = VISUAL_DEVICES[workerInfo.project.name as VisualDevice];
      const context = await browser.newContext({
        ...device,
        baseURL: workerInfo.project.use.baseURL,
        colorScheme: "dark",
        timezoneId: "UTC",
        locale: "en-US",
      });
      const page = await context.newPage();
      // Storybook says how each story ended (its play function passed or threw) on its channel:
      // listen from the moment the channel exists, on every load of the preview.
      await page.addInitScript(() => {
        const w = window as unknown as StoryVerdicts;
        w.__playErrors = [];
        let channel: unknown;
        Object.defineProperty(window, "__STORYBOOK_ADDONS_CHANNEL__", {
          configurable: true,
          get: () => channel,
          set: (value: { on(event: string, listener: (payload: never) => void): void }) => {
            channel = value;
            // Both are sent before the render's "completed" phase, without the story's id: they
            // belong to the story being shown.
            value.on("playFunctionThrewException", (error: { message?: string }) => {
              w.__playErrors.push(error?.message ?? String(error));
            });
            value.on("unhandledErrorsWhilePlaying", (errors: Array<{ message?: string }>) => {
              for (const error of errors) w.__playErrors.push(error?.message ?? String(error));
            });
          },
        });
      });
      await page.clock.setFixedTime(FIXED_NOW);
      const inflight = new Set<unknown>();
      page.on("request", (request) => {
        if (request.resourceType() === "image") inflight.add(request);
      });
      page.on("requestfinished", (request) => void inflight.delete(request));
      page.on("requestfailed", (request) => void inflight.delete(request));
      await use({ page, theme: null, inflight });
      await context.close();
    },
    { scope: "worker" },
  ],
});

async function showStory(storyPage: StoryPage, storyId: string, theme: string): Promise<void> {
  const { page } = storyPage;
  await page
    .evaluate(() => {
      const w = window as unknown as Partial<StoryVerdicts>;
      if (w.__playErrors) w.__playErrors.length = 0;
    })
    .catch(() => undefined);
  if (storyPage.theme !== theme) {
    await page.goto(`/iframe.html?id=${storyId}&viewMode=story&globals=theme:${theme}`);
    storyPage.theme = theme;
  } else {
    await page.evaluate(
      (id) => (window as StoryWindow).__STORYBOOK_PREVIEW__?.channel.emit("setCurrentStory", { storyId: id, viewMode: "story" }),
      storyId,
    );
  }
  // Wait until Storybook has rendered this story and run its play function.
  await page.waitForFunction((id) => {
    const render = (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return render?.id === id && ["completed", "finished", "errored"].includes(render.phase ?? "");
  }, storyId);
  // A play function that throws does not leave the render "errored": Storybook goes on to
  // "completed" and "finished". Its verdict is what the channel reported meanwhile.
  const playErrors = await page.evaluate(() => (window as unknown as Partial<StoryVerdicts>).__playErrors ?? []);
  expect(playErrors, "the story's play function threw nothing").toEqual([]);
  const phase = await page.evaluate(() => (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase);
  expect(phase, "the story rendered").not.toBe("errored");
  // Pictures an avatar preloads are not in document.images: wait until no picture is loading (for
  // 200 ms, at most 3 s), so a photo is either shown or has failed to its initials, never half-way.
  const quietSince = { at: Date.now() };
  const giveUpAt = Date.now() + 3000;
  while (Date.now() < giveUpAt) {
    if (storyPage.inflight.size > 0) quietSince.at = Date.now();
    else if (Date.now() - quietSince.at >= 200) break;
    await page.waitForTimeout(50);
  }
  await page.evaluate(async () => {
    // A play function may have scrolled (clicking a control far down). Fixed layers (toasts) are
    // drawn where the viewport is, so the same story would land them elsewhere: start from the top.
    window.scrollTo(0, 0);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true })),
      ),
    );
  });
}

// Dark first, then light, so each worker reloads its page for a theme change only once or twice.
for (const theme of ["dark", "light"] as const) {
  for (const story of stories) {
    if (!themesOf(story.id).includes(theme)) continue;
    // Each device project runs only the tests tagged with its name (see playwright.config.ts).
    const tag = devicesOf(story.tags ?? []).map((d) => `@${d}`);
    test(`${story.id} ${theme}`, { tag }, async ({ storyPage }, testInfo) => {
      const device = testInfo.project.name as VisualDevice;
      await showStory(storyPage, story.id, theme);
      await expect(storyPage.page).toHaveScreenshot(`${story.id}--${device}--${theme}.png`, { fullPage: true });
    });
  }
}
