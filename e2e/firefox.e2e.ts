import { expect, test } from "@playwright/test";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { PASSWORD } from "./helpers";

/** Debian's Firefox ESR (scripts/ensure-browser.mjs installs it), driven through WebDriver BiDi. */
const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

/**
 * A location request that is never answered, as Firefox does when its prompt is dismissed (it then never calls back):
 * the pages must not wait on it (issue 37).
 */
const LOCATION_NEVER_ANSWERS = `Object.defineProperty(navigator, "geolocation", {
  value: { getCurrentPosition() {}, watchPosition() { return 1; }, clearWatch() {} },
});`;

/** Waits until the page's text holds `text` (or fails with what it shows instead). */
async function shows(page: Page, text: string, timeout = 15_000): Promise<void> {
  try {
    await page.waitForFunction((t: string) => document.body.innerText.includes(t), { timeout }, text);
  } catch {
    const shown = await page.evaluate(() => document.body.innerText.slice(0, 400));
    throw new Error(`Firefox never showed "${text}" on ${page.url()}; it shows: ${shown}`);
  }
}

test.describe("the main screens in Firefox ESR", () => {
  let browser: Browser;
  test.beforeAll(async () => {
    browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
  });
  test.afterAll(async () => {
    await browser?.close();
  });

  test("a visitor and a member see the landing, the grid, the map and the events, the location never answered", async () => {
    test.setTimeout(90_000);
    const baseURL = test.info().project.use.baseURL!;
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      await page.evaluateOnNewDocument(LOCATION_NEVER_ANSWERS);
      page.setDefaultTimeout(20_000);

      await page.goto(`${baseURL}/`);
      await shows(page, "BROWSE ANONYMOUSLY");
      // The visitor's grid from the fallback area, at once.
      await page.goto(`${baseURL}/browse`);
      await page.waitForSelector('[aria-label="Members nearby"]');
      await shows(page, "Anonymous Browsing");

      // A member (made through the API, in this browser's cookie jar).
      const email = `firefox.${Date.now()}@example.com`;
      const status = await page.evaluate(
        async (body: string) =>
          (await fetch("/api/register", { method: "POST", headers: { "content-type": "application/json" }, body }))
            .status,
        JSON.stringify({ email, password: PASSWORD }),
      );
      expect(status).toBe(201);
      await page.evaluate(() => window.localStorage.setItem("vicinity.onboardingCompleted", "true"));
      await page.goto(`${baseURL}/`);
      await shows(page, "Welcome back, ");
      // His grid does not wait on the location: members from the fallback area (never "Finding..." for good).
      await page.waitForSelector('[aria-label="Members nearby"]');
      await page.goto(`${baseURL}/map`);
      await page.waitForSelector('[data-testid="map-markers"]');
      await shows(page, "Showing the Jacksonville area");
      await page.goto(`${baseURL}/events`);
      // The demo's upcoming events near the fallback area, not "Loading events…" for good.
      await shows(page, "Showing events near Jacksonville");
      await shows(page, " going · ");
      expect(await page.evaluate(() => document.body.innerText.includes("Loading events"))).toBe(false);
      await page.goto(`${baseURL}/messages`);
      await shows(page, "No messages yet");
    } finally {
      await context.close();
    }
  });
});
