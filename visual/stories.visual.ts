import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import { a11yDeviceOf, devicesOf, themesOf, VISUAL_DEVICES, type VisualDevice } from "./devices";

interface IndexEntry {
  id: string;
  type: "story" | "docs";
  tags?: string[];
}

const index = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../storybook-static/index.json"), "utf8")) as {
  entries: Record<string, IndexEntry>;
};

const stories = Object.values(index.entries).filter((e) => e.type === "story");

/** Every time-dependent thing in a story sees this instant. */
const FIXED_NOW = new Date("2026-06-13T21:30:00Z");

type StoryWindow = Window & {
  __STORYBOOK_PREVIEW__?: {
    channel: { emit(event: string, payload: unknown): void };
    currentRender?: { id?: string; phase?: string; story?: { parameters?: Record<string, unknown> } };
  };
};

/** What Storybook's channel said of the stories shown (see the init script below). */
interface StoryVerdicts {
  __playErrors: string[];
  /** Per story shown, what addon-a11y's afterEach found (Storybook's "storyFinished" event). */
  __a11y: Record<string, A11yVerdict>;
}

/** addon-a11y's report of one story, cut down to what a failure message needs. */
interface A11yVerdict {
  /** "passed", "warning" (parameters.a11y.test "todo") or "failed"; null: the check did not run. */
  status: string | null;
  error?: string;
  violations: Array<{
    id: string;
    impact?: string | null;
    help: string;
    helpUrl: string;
    nodes: Array<{ target: unknown; summary?: string }>;
  }>;
}

interface StoryPage {
  page: Page;
  /** The Storybook globals the page was loaded with (theme, whether axe runs). */
  globals: string | null;
  /** Pictures the page is still loading (those an avatar preloads are not in document.images). */
  inflight: Set<unknown>;
  /** Every console.error and uncaught exception of the page, in order; a story owns a slice. */
  errors: string[];
}

/**
 * One browser page per worker, reused for every story: switching stories through Storybook's
 * channel takes a fraction of reloading the preview for each (about 0.3 s against 3 s here).
 * The page is reloaded only when its globals change (the theme, or whether axe runs).
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
        // Storybook's preview treats a page whose user agent names its test runner as a test (as it
        // does Vitest's browser mode, where test:stories runs): at the end of a story it pauses
        // CSS animations at their end and turns transitions off, instead of waiting at least 100 ms
        // and then for every running animation to end. A sixth of the suite's time.
        Object.defineProperty(navigator, "userAgent", { value: `${navigator.userAgent} StorybookTestRunner` });
        // Pictures load at once, as a member scrolling down would see them: a full-page screenshot
        // does not scroll, and the app's lazy pictures (avatars) below the fold would never start.
        const setAttribute = Element.prototype.setAttribute;
        Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
          if (name === "loading" && this instanceof HTMLImageElement) return;
          setAttribute.call(this, name, value);
        };
        const w = window as unknown as StoryVerdicts;
        w.__playErrors = [];
        w.__a11y = {};
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
            // After the play function, addon-a11y's afterEach runs axe over the story (the body
            // but Storybook's own elements, so portals such as dialogs and toasts count) with the
            // story's parameters.a11y (context, config, options; test "off" or disable skips it,
            // "todo" only warns): the same check `test:stories` made. Its report comes here.
            value.on(
              "storyFinished",
              (payload: {
                storyId: string;
                reporters?: Array<{ type: string; status: string; result?: Record<string, unknown> }>;
              }) => {
                const report = payload.reporters?.find((r) => r.type === "a11y");
                const result = (report?.result ?? {}) as {
                  error?: { message?: string };
                  violations?: Array<{
                    id: string;
                    impact?: string | null;
                    help: string;
                    helpUrl: string;
                    nodes: Array<{ target: unknown; failureSummary?: string }>;
                  }>;
                };
                w.__a11y[payload.storyId] = {
                  status: report?.status ?? null,
                  error: result.error ? String(result.error.message ?? result.error) : undefined,
                  violations: (result.violations ?? []).map((v) => ({
                    id: v.id,
                    impact: v.impact,
                    help: v.help,
                    helpUrl: v.helpUrl,
                    nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })),
                  })),
                };
              },
            );
          },
        });
      });
      await page.clock.setFixedTime(FIXED_NOW);
      const inflight = new Set<unknown>();
      // Pictures: what the page loads as images, and what the app's picture cache fetches
      // (use-cached-image.ts: a /media/ URL fetched, then shown from an object URL).
      page.on("request", (request) => {
        const type = request.resourceType();
        if (type !== "image" && !(type === "fetch" && new URL(request.url()).pathname.startsWith("/media/"))) return;
        inflight.add(request);
      });
      page.on("requestfinished", (request) => void inflight.delete(request));
      page.on("requestfailed", (request) => void inflight.delete(request));
      // What `test:stories` caught with a spy on console.error (.storybook/vitest.setup.ts): React's
      // warnings (the build is in development mode, .storybook/main.ts), MSW's unhandled /api/
      // requests, the app's own errors. Chromium's network notes ("Failed to load resource: 404",
      // an error story's 500) are console messages of type error too, but without arguments: no
      // script called console.error, and the spy never saw them either.
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" || message.args().length === 0) return;
        const { url, lineNumber } = message.location();
        const where = url ? `\n    at ${url.replace(/^https?:\/\/[^/]+/, "")}:${lineNumber + 1}` : "";
        errors.push(`console.error: ${message.text()}${where}`);
      });
      // Vitest failed a run on an uncaught exception or rejection; so does a story here.
      page.on("pageerror", (error) => void errors.push(`uncaught: ${error.stack ?? error.message}`));
      await use({ page, globals: null, inflight, errors });
      await context.close();
    },
    { scope: "worker" },
  ],
});

/**
 * Shows a story and waits until it has rendered and played, then until its pictures and fonts are
 * in. Returns what its play function threw: when it threw or the story did not render (both
 * reported, softly), the caller takes no screenshot.
 */
async function showStory(
  storyPage: StoryPage,
  storyId: string,
  globals: string,
): Promise<{ played: boolean; playErrors: string[] }> {
  const { page } = storyPage;
  await page
    .evaluate(() => {
      const w = window as unknown as Partial<StoryVerdicts>;
      if (w.__playErrors) w.__playErrors.length = 0;
      if (w.__a11y) w.__a11y = {};
    })
    .catch(() => undefined);
  // The previous story's answers still on their way never reach this one: the preview drops them
  // when a story is left (.storybook/story-requests.ts).
  if (storyPage.globals !== globals) {
    await page.goto(`/iframe.html?id=${storyId}&viewMode=story&globals=${globals}`);
    storyPage.globals = globals;
  } else {
    await page.evaluate(
      (id) =>
        (window as StoryWindow).__STORYBOOK_PREVIEW__?.channel.emit("setCurrentStory", {
          storyId: id,
          viewMode: "story",
        }),
      storyId,
    );
  }
  // Wait until Storybook has rendered this story and run its play function.
  await page.waitForFunction((id) => {
    const render = (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return render?.id === id && ["completed", "afterEach", "finished", "errored"].includes(render.phase ?? "");
  }, storyId);
  // A play function that throws does not leave the render "errored": Storybook goes on to
  // "completed" and "finished". Its verdict is what the channel reported meanwhile.
  const playErrors = await page.evaluate(() => (window as unknown as Partial<StoryVerdicts>).__playErrors ?? []);
  expect.soft(playErrors, "the story's play function threw nothing").toEqual([]);
  const phase = await page.evaluate(() => (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender?.phase);
  expect.soft(phase, "the story rendered").not.toBe("errored");
  if (playErrors.length > 0 || phase === "errored") return { played: false, playErrors };
  // Wait until no picture is loading: none on its way over the network and no avatar whose photo
  // is still loading (data-photo, avatar.tsx: an avatar preloads its photo outside document.images,
  // and again from the picture cache's object URL), for 60 ms on end (a picture that starts a frame
  // later counts), at most 3 s: a photo is either shown or has failed to its initials, never
  // half-way; the same for the pictures on a map's markers (data-pictures, marker-layer.ts). (A quiet spell of 200 ms, without the avatars' word, cost about a fifth of the suite.)
  const quietSince = { at: Date.now() };
  const giveUpAt = Date.now() + 3000;
  while (Date.now() < giveUpAt) {
    const loading =
      storyPage.inflight.size > 0 ||
      (await page.evaluate(
        () =>
          document.querySelector('[data-photo="loading"]') !== null ||
          document.querySelector('[data-testid="map-markers"][data-pictures="loading"]') !== null,
      ));
    if (loading) quietSince.at = Date.now();
    else if (Date.now() - quietSince.at >= 60) break;
    await page.waitForTimeout(20);
  }
  // A map's tiles come after its config, after the quiet spell above: wait (at most 4 s) until
  // every map that says so (data-tiles, events-map.tsx) has drawn all its visible tiles.
  await page
    .waitForFunction(
      () => [...document.querySelectorAll("[data-tiles]")].every((map) => map.getAttribute("data-tiles") !== "pending"),
      null,
      { timeout: 4000, polling: 50 },
    )
    .catch(() => undefined);
  // A grid that draws its first cards first (nearby-user-grid.tsx) draws the rest at once after.
  await page
    .waitForFunction(() => document.querySelector('[data-drawing="partial"]') === null, null, {
      timeout: 4000,
      polling: 20,
    })
    .catch(() => undefined);
  await page.evaluate(async () => {
    // A play function may have scrolled (clicking a control far down). Fixed layers (toasts) are
    // drawn where the viewport is, so the same story would land them elsewhere: start from the top.
    window.scrollTo(0, 0);
    // What a page leaves undrawn while out of sight (content-visibility: auto, the nearby grid's
    // cards) is drawn for the full-page screenshot, as a member scrolling down would see it.
    if (!document.getElementById("vr-draw-all")) {
      const style = document.createElement("style");
      style.id = "vr-draw-all";
      style.textContent = "* { content-visibility: visible !important; }";
      document.head.append(style);
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true })),
      ),
    );
  });
  return { played: true, playErrors };
}

/** Waits for the end of the story's render (after addon-a11y's afterEach, when axe runs). */
async function renderFinished(page: Page, storyId: string): Promise<void> {
  await page.waitForFunction((id) => {
    const render = (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return render?.id === id && render.phase === "finished";
  }, storyId);
}

/**
 * Says what axe found once the render finished: one line per violation, with the elements and how
 * to fix them; empty when there is none.
 */
async function accessibilityViolations(page: Page, storyId: string): Promise<string[]> {
  await renderFinished(page, storyId);
  const { verdict, a11y } = await page.evaluate((id) => {
    const w = window as unknown as StoryVerdicts & StoryWindow;
    return {
      verdict: w.__a11y?.[id] ?? null,
      a11y: w.__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.a11y as
        { disable?: boolean; test?: string } | undefined,
    };
  }, storyId);
  // The check runs unless the story turns it off (parameters.a11y.test "off", or disable).
  const turnedOff = a11y?.disable === true || a11y?.test === "off";
  if (!verdict?.status) return turnedOff ? [] : ["addon-a11y reported nothing for this story (did its afterEach run?)"];
  if (verdict.status !== "failed") return [];
  if (verdict.error) return [`axe could not run: ${verdict.error}`];
  return verdict.violations.map((v) => {
    const nodes = v.nodes.map(
      (n) => `\n    ${JSON.stringify(n.target)}: ${(n.summary ?? "").replace(/:\n\s*/g, ": ").replace(/\n\s*/g, "; ")}`,
    );
    return `${v.id} (${v.impact ?? "?"}): ${v.help} ${v.helpUrl}${nodes.join("")}`;
  });
}

/** The config's toHaveScreenshot options (playwright.config.ts) that page.screenshot takes too. */
const SCREENSHOT_CSS = readFileSync(path.resolve(import.meta.dirname, "screenshot.css"), "utf8");
/** Where the config's snapshotPathTemplate puts a baseline ("{testDir}/baselines/{arg}{ext}"). */
const baselinePath = (name: string) => path.resolve(import.meta.dirname, "baselines", name);

/**
 * The screenshot matches its baseline. Playwright's comparison decodes both PNGs and compares them
 * pixel by pixel in the test's own process (about a fifth of a core per worker here, over 1,500
 * screenshots). A screenshot whose PNG is byte for byte its baseline's (the same pixels, encoded by
 * the same Chromium: nearly every one) matches without that; any other goes to toHaveScreenshot,
 * with the config's tolerance, its diff images and its updates.
 */
async function expectLooksLikeBaseline(page: Page, name: string, masked: string[]): Promise<void> {
  const mask = masked.map((selector) => page.locator(selector));
  const baseline = baselinePath(name);
  if (existsSync(baseline)) {
    const shot = await page.screenshot({
      fullPage: true,
      mask,
      animations: "disabled",
      caret: "hide",
      scale: "css",
      style: SCREENSHOT_CSS,
    });
    if (shot.equals(readFileSync(baseline))) return;
  }
  await expect.soft(page).toHaveScreenshot(name, { fullPage: true, mask });
}

// Dark first, then light, and within a theme the stories whose axe visit is on a phone first, so
// each worker reloads its page for a change of globals only a few times.
const byA11yDevice = [...stories].sort(
  (a, b) => Number(a11yDeviceOf(a.tags ?? []) !== "mobile") - Number(a11yDeviceOf(b.tags ?? []) !== "mobile"),
);
for (const theme of ["dark", "light"] as const) {
  for (const story of byA11yDevice) {
    if (!themesOf(story.id).includes(theme)) continue;
    // Each device project runs only the tests tagged with its name (see playwright.config.ts).
    const tag = devicesOf(story.tags ?? []).map((d) => `@${d}`);
    // One visit checks everything a story promises: its play function passed, it looks like its
    // baseline, axe finds nothing (addon-a11y, the story's parameters.a11y; on one device class per
    // story and theme, a11yDeviceOf), and nothing called console.error or threw while it rendered
    // and played.
    test(`${story.id} ${theme}`, { tag }, async ({ storyPage }, testInfo) => {
      const device = testInfo.project.name as VisualDevice;
      const checksA11y = device === a11yDeviceOf(story.tags ?? []);
      const { page } = storyPage;
      const firstError = storyPage.errors.length;
      // Storybook's global a11y.manual keeps addon-a11y's afterEach from running axe.
      const globals = `theme:${theme}${checksA11y ? "" : ";a11y.manual:!true"}`;
      const { played, playErrors } = await showStory(storyPage, story.id, globals);
      if (played) {
        // The screenshot is taken while addon-a11y's axe runs, as the baselines were.
        // A story may mask parts whose pixels depend on timing (parameters.visual.mask: CSS selectors).
        const masked = await page.evaluate(
          () =>
            (
              (window as StoryWindow).__STORYBOOK_PREVIEW__?.currentRender?.story?.parameters?.visual as
                { mask?: string[] } | undefined
            )?.mask ?? [],
        );
        await expectLooksLikeBaseline(page, `${story.id}--${device}--${theme}.png`, masked);
        if (checksA11y) {
          expect
            .soft(await accessibilityViolations(page, story.id), "axe found no accessibility violations")
            .toEqual([]);
        } else {
          await renderFinished(page, story.id);
        }
      }
      // Storybook logs a failed play function's error too: that one is reported above already.
      const logged = storyPage.errors
        .slice(firstError)
        .filter((text) => !playErrors.some((error) => text.includes(error.split("\n")[0] ?? error)));
      expect.soft(logged, "nothing called console.error or threw while the story rendered and played").toEqual([]);
    });
  }
}
