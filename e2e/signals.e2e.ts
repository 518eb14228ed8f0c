import { expect, test, type Browser, type Page } from "@playwright/test";
import { PASSWORD } from "./helpers";

/** Jacksonville, where the demo's members live: both members are here. */
const HERE = { latitude: 30.3322, longitude: -81.6557 };

/** A signed-in member in his own browser context (a phone's size when asked), past onboarding. */
async function member(browser: Browser, firstName: string, phone = false): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext({
    ...(phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
    geolocation: HERE,
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const res = await page.request.post("/api/register", { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  expect((await page.request.put("/api/users/profile", { data: { firstName, age: 30 } })).status()).toBe(200);
  expect((await page.request.put("/api/users/location", { data: HERE })).status()).toBe(200);
  return { page, id: ((await res.json()) as { id: string }).id };
}

test("two members tap each other and both see the match; his visit shows in the other's Viewed me; a favorite stays his own and fills his Favorites grid", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const kai = await member(browser, "Kai");
  const noah = await member(browser, "Noah", true);

  // Noah waits on his Interest page (a phone): nobody has tapped him yet.
  await noah.page.goto("/interest");
  await expect(noah.page.getByRole("heading", { name: "No taps yet" })).toBeVisible();

  // Kai opens Noah's profile, taps him "Hot" and stars him.
  await kai.page.goto(`/members/${noah.id}`);
  const kaiTaps = kai.page.getByRole("group", { name: "Tap Noah" });
  await kaiTaps.getByRole("button", { name: "Tap Noah: Hot" }).click();
  await expect(kai.page.getByText("You tapped Noah: Hot", { exact: true })).toBeVisible();
  await expect(kaiTaps.getByRole("button", { name: "Hot: sent today" })).toBeDisabled();
  await kai.page.getByRole("button", { name: "Add to favorites" }).click();
  await expect(kai.page.getByRole("button", { name: "Favorite" })).toHaveAttribute("aria-pressed", "true");

  // Noah is told live (a toast), and his list shows Kai without a reload.
  await expect(noah.page.getByText("Kai tapped you: Hot.", { exact: true })).toBeVisible();
  const noahList = noah.page.getByRole("list", { name: "Taps" });
  await expect(noahList.getByRole("listitem")).toHaveCount(1);
  await expect(noahList.getByRole("listitem").first()).toContainText("Kai");
  await expect(noahList.getByRole("listitem").first()).toContainText("Hot");

  // Kai opened his profile: Noah sees the visit.
  await noah.page.getByRole("tab", { name: "Viewed me" }).click();
  await expect(noah.page).toHaveURL(/\/interest\?tab=views$/);
  await expect(noah.page.getByRole("list", { name: "Viewed me" }).getByRole("listitem").first()).toContainText("Kai");
  // Nobody learns he was starred: Noah's favorites stay empty.
  await noah.page.getByRole("tab", { name: "Favorites" }).click();
  await expect(noah.page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();

  // Noah taps back from his list: a match for both.
  await noah.page.getByRole("tab", { name: "Taps" }).click();
  await noahList.getByRole("button", { name: "Tap Kai: Hi" }).click();
  await expect(noah.page.getByText("You and Kai tapped each other. Say hi!", { exact: true }).first()).toBeVisible();
  await expect(noahList.getByTestId("match")).toBeVisible();
  await expect(kai.page.getByText("You and Noah tapped each other. Say hi!", { exact: true })).toBeVisible();
  await kai.page.reload();
  await expect(kai.page.getByTestId("match")).toHaveText("Match");

  // Kai's own Interest page: Noah's tap, the match, and his favorite.
  await kai.page.goto("/interest");
  await expect(kai.page.getByRole("list", { name: "Taps" }).getByTestId("match")).toBeVisible();
  await kai.page.getByRole("tab", { name: "Favorites" }).click();
  await expect(kai.page.getByRole("list", { name: "Favorites" })).toContainText("Noah");

  // Kai's grid, his Favorites only: Noah alone among the demo's members, with his star.
  await kai.page.goto("/?favorites=true");
  await expect(kai.page.getByRole("button", { name: "Filters, 1 on" })).toBeVisible();
  const cards = kai.page.getByTestId("nearby-user-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole("heading")).toContainText("Noah");
  await expect(cards.first().getByTestId("favorite-mark")).toBeVisible();
});
