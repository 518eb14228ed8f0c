import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * The page is painted from its HTML; its script asks for the rest after the next frame
 * (landing-main.tsx: a frame, then a task). With the clock paused, let it go a frame at a time
 * until the page has started, at most 600 ms of its time: less than the figures' second, so none
 * of them has moved yet.
 */
async function startWithStillClock(page: Page): Promise<void> {
  let ran = 0;
  await expect
    .poll(
      async () => {
        if (ran < 600) {
          await page.clock.runFor(20);
          ran += 20;
        }
        return page.locator("#root[data-hydrated]").count();
      },
      { intervals: [20, 50, 100], message: "the landing page started within 600 ms of its clock" },
    )
    .toBe(1);
}

test.describe("landing page on the real server", () => {
  test("shows the demo figures at their start values and ticks them every second", async ({ page }) => {
    // The clock stands still from the start: nothing ticks until the test lets time go, however
    // slow the machine (an installed clock that flows moved the figures before they were read). It
    // stops a minute after it starts: a clock that flowed a little meanwhile cannot be set back.
    await page.clock.install({ time: new Date("2026-06-13T21:30:00Z") });
    await page.clock.pauseAt(new Date("2026-06-13T21:31:00Z"));
    // Math.random near 1: online moves +1 and nearby +1 at every tick.
    await page.addInitScript(() => {
      Math.random = () => 0.99;
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("around you");
    await expect(page.getByTestId("demo-online")).toHaveText("247");
    await expect(page.getByTestId("demo-nearby")).toHaveText("18");
    await expect(page.getByTestId("demo-countdown")).toHaveText("2h 48m 15s");
    await startWithStillClock(page);
    await expect(page.getByTestId("demo-online")).toHaveText("247");
    await page.clock.runFor(3000);
    await expect(page.getByTestId("demo-online")).toHaveText("250");
    await expect(page.getByTestId("demo-nearby")).toHaveText("21");
    await expect(page.getByTestId("demo-countdown")).toHaveText("2h 48m 12s");
  });

  test("with Math.random near 0, online falls by one a second and nearby stays", async ({ page }) => {
    await page.clock.install({ time: new Date("2026-06-13T21:30:00Z") });
    await page.clock.pauseAt(new Date("2026-06-13T21:31:00Z"));
    await page.addInitScript(() => {
      Math.random = () => 0;
    });
    await page.goto("/");
    await expect(page.getByTestId("demo-online")).toHaveText("247");
    await startWithStillClock(page);
    await page.clock.runFor(2000);
    await expect(page.getByTestId("demo-online")).toHaveText("245");
    await expect(page.getByTestId("demo-nearby")).toHaveText("18");
  });

  test("paints from its HTML, then asks for React and the page only once painted, and hydrates without a mismatch", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const response = await page.goto("/");
    // The page names only its small first script (and what that imports), not the landing page's code.
    const html = (await response?.text()) ?? "";
    expect(html).not.toMatch(/landing-hydrate-[^"]*\.js/);
    await expect(page.locator("#root[data-hydrated]")).toBeAttached();
    expect(scripts.some((path) => /\/assets\/landing-hydrate-[^/]*\.js$/.test(path))).toBe(true);
    expect(errors).toEqual([]);
  });

  test("shows the sample people, the headline stats and the 18+ footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("sample-person")).toHaveCount(3);
    for (const stat of ["2.3M+", "850K+", "4.8", "24/7"])
      await expect(page.getByText(stat, { exact: true })).toBeVisible();
    await expect(page.getByText("for adults 18+ only")).toBeVisible();
  });

  for (const [name, path, heading] of [
    ["Sign In", "/auth", "Welcome Back"],
    ["JOIN FREE NOW", "/join", "Join the Action"],
    ["START NOW", "/join", "Join the Action"],
    ["BROWSE ANONYMOUSLY", "/browse", "Browse nearby"],
  ] as const) {
    test(`${name} goes to ${path}`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    });
  }

  test("an unknown path shows the 404 page with a hint, answered with a 404, and a deep link reloads fine", async ({
    page,
  }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found");
    await expect(page.getByText("/no/such/page")).toBeVisible();
    await expect(page.getByText(/The link may be old or mistyped/)).toBeVisible();
    expect((await page.request.get("/events")).status()).toBe(200);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "JOIN FREE NOW" })).toBeVisible();
  });

  test("no request leaves the app (fonts and assets are self-hosted)", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(baseURL ?? "") && !url.startsWith("data:")) foreign.push(url);
    });
    await page.goto("/");
    await page.evaluate(() => document.fonts.ready);
    await expect(page.getByTestId("demo-online")).toBeVisible();
    const fonts = await page.evaluate(() =>
      [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family),
    );
    expect(fonts.join(",")).toContain("Inter Variable");
    expect(foreign).toEqual([]);
  });

  test("asks for the small basic font files, not @fontsource's whole latin ones, for a page in plain English", async ({
    page,
  }) => {
    const fontFiles: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "font")
        fontFiles.push(
          new URL(request.url()).pathname.replace(/^\/assets\//, "").replace(/-[\w-]{8}\.woff2$/, ".woff2"),
        );
    });
    await page.goto("/");
    await expect(page.locator("#root[data-hydrated]")).toBeAttached();
    await page.evaluate(() => document.fonts.ready);
    // docs/decisions/0032: the headline (Space Grotesk) and the text (Inter) from the basic faces.
    expect(fontFiles.sort()).toEqual(["inter-basic-wght-normal.woff2", "space-grotesk-basic-wght-normal.woff2"]);
  });

  test("asks the server for its page, style sheet, scripts and fonts only: the icon is in the page", async ({
    page,
    baseURL,
  }) => {
    const kinds = new Set<string>();
    const icons: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL ?? "")) return;
      kinds.add(request.resourceType());
      if (/favicon|\.ico$/.test(request.url())) icons.push(request.url());
    });
    await page.goto("/");
    await expect(page.locator("#root[data-hydrated]")).toBeAttached();
    await page.evaluate(() => document.fonts.ready);
    expect(icons).toEqual([]);
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["document", "font", "script", "stylesheet"]));
    expect(
      [...kinds].filter((kind) => !["document", "font", "script", "stylesheet", "fetch", "xhr"].includes(kind)),
    ).toEqual([]);
  });

  test("has no accessibility violations", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("demo-online")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test("the API answers the signed-out current-user call with 401 and a message", async ({ request }) => {
    const response = await request.get("/api/auth/user");
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ message: "Not signed in" });
  });
});
