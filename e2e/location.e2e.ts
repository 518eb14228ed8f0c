import { expect, test } from "@playwright/test";
import { signUpOnAuth, skipOnboarding } from "./helpers";

/**
 * A browser that never answers the location request: its permission prompt left open, or dismissed
 * in Firefox, which then never calls back (the spec's 15 s timeout only starts once permission is
 * given). No page waits on it: the home and /events show the spec's fallback area at once and say so.
 */
test("a location the browser never answers holds no page: the fallback area's members and events, said so", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addInitScript(() => {
    const silent: Geolocation = {
      getCurrentPosition: () => undefined,
      watchPosition: () => 0,
      clearWatch: () => undefined,
    };
    Object.defineProperty(navigator, "geolocation", { value: silent, configurable: true });
  });
  const page = await context.newPage();
  await signUpOnAuth(page, `silent.${Date.now()}@example.com`);
  await skipOnboarding(page);

  await page.goto("/");
  await expect(page.getByText("Showing members near Jacksonville. Allow location for people near you.")).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByTestId("nearby-user-card").first()).toBeVisible();
  await expect(page.getByText("Finding amazing people nearby...")).toHaveCount(0);

  await page.goto("/events");
  await expect(page.getByText("Showing events near Jacksonville. Allow location for events near you.")).toBeVisible({
    timeout: 5_000,
  });
  await expect(page.getByText("Loading events…")).toHaveCount(0);
  await context.close();
});
