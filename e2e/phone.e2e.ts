import { expect, test, type Response } from "@playwright/test";
import { signUpOnAuth, skipOnboarding } from "./helpers";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** A phone whose location is allowed and answers (the city's centre). */
const PHONE_IN_JACKSONVILLE = {
  ...PHONE,
  geolocation: { latitude: 30.3322, longitude: -81.6557 },
  permissions: ["geolocation"],
};

test("on a phone the tab bar is at the bottom with the same unread figure as the header's menu and the home's tab; a conversation hides it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const baseURL = test.info().project.use.baseURL;
  const [phone, other] = await Promise.all([
    browser.newContext({ baseURL, ...PHONE }),
    browser.newContext({ baseURL }),
  ]);
  try {
    const [reader, sender] = await Promise.all([phone.newPage(), other.newPage()]);
    await signUpOnAuth(reader, `reader.${Date.now()}@example.com`);
    await skipOnboarding(reader);
    await signUpOnAuth(sender, `writer.${Date.now()}@example.com`);
    await skipOnboarding(sender);
    const readerMe = (await (await reader.request.get("/api/auth/user")).json()) as { id: string };

    // Two messages for him.
    const opened = await sender.request.post("/api/conversations", { data: { userId: readerMe.id } });
    const conversation = (await opened.json()) as { id: string };
    await sender.goto(`/messages/${conversation.id}`);
    const composer = sender.getByRole("textbox", { name: "Message" });
    for (const text of ["Hi there", "Around tonight?"]) {
      await composer.fill(text);
      await composer.press("Enter");
      // In the thread (its preview in the inbox row beside it says the same).
      await expect(sender.getByTestId("message-text").filter({ hasText: text })).toBeVisible();
    }

    await reader.goto("/");
    const tabs = reader.getByRole("navigation", { name: "Main" });
    await expect(tabs.getByRole("link", { name: "Messages, 2 unread" })).toBeVisible({ timeout: 15_000 });
    // At the bottom of the screen, all five places in it.
    const box = (await tabs.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(844, 0);
    for (const name of ["Home", "Browse", "Map", "Events"])
      await expect(tabs.getByRole("link", { name })).toBeVisible();
    await expect(reader.getByTestId("messages-tab-unread")).toHaveText(/^2/);
    await reader.getByRole("button", { name: "Open menu" }).click();
    await expect(reader.locator("#mobile-menu").getByRole("link", { name: /^Messages/ })).toContainText("2");
    await reader.getByRole("button", { name: "Close menu" }).click();

    // A tap on Messages, then into the conversation: the composer has the bottom of the screen.
    await tabs.getByRole("link", { name: "Messages, 2 unread" }).click();
    await expect(reader).toHaveURL(/\/messages$/);
    await expect(tabs).toBeVisible();
    await reader.goto(`/messages/${conversation.id}`);
    await expect(reader.getByRole("textbox", { name: "Message" })).toBeVisible();
    await expect(reader.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  } finally {
    await Promise.all([phone.close(), other.close()]);
  }
});

test("on a phone /browse shows the members' pictures first: 12 or more whole tiles above the tab bar, a tap opens the profile", async ({
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const phone = await browser.newContext({ baseURL, ...PHONE_IN_JACKSONVILLE });
  try {
    const page = await phone.newPage();
    await signUpOnAuth(page, `tiles.${Date.now()}@example.com`);
    await skipOnboarding(page);
    await page.goto("/browse");
    const grid = page.getByRole("list", { name: "Members nearby" });
    const tiles = grid.getByRole("button", { name: /^View .+'s profile$/ });
    await expect(tiles.nth(14)).toBeAttached();
    // The first screen: below the header, above the tab bar.
    const tabBar = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
    const boxes = await tiles.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as DOMRect));
    const whole = boxes.filter((b) => b.top >= 0 && b.bottom <= tabBar.y);
    expect(whole.length).toBeGreaterThanOrEqual(12);
    // The first rows' pictures are the thumbnail preset, asked for at once.
    const first = grid.locator("[data-slot=avatar-image]").first();
    await expect(first).toHaveAttribute("src", /\?w=150&h=150&q=75$/);
    await expect(first).toHaveAttribute("loading", "eager");
    const name = (await tiles.first().getAttribute("aria-label"))!.replace(/^View (.+)'s profile$/, "$1");
    await tiles.first().click();
    await expect(page).toHaveURL(/\/members\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  } finally {
    await phone.close();
  }
});

test("on a phone a filter applies on the server, stays in the address through a reload, is saved for the next visit, and filters the map too", async ({
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const phone = await browser.newContext({ baseURL, ...PHONE_IN_JACKSONVILLE });
  const filtered = (url: string) => url.includes("/api/users/nearby?") && url.includes("ageMin=30&ageMax=45");
  /** The members a filtered search answered: each one's age in the range, and a picture. */
  const checkAnswer = async (answer: Promise<Response>) => {
    const members = (await (await answer).json()) as Array<{ age: number | null; profileImageUrl: string | null }>;
    expect(members.length).toBeGreaterThan(0);
    for (const m of members) {
      expect(m.age).toBeGreaterThanOrEqual(30);
      expect(m.age).toBeLessThanOrEqual(45);
      expect(m.profileImageUrl).not.toBeNull();
    }
  };
  try {
    const page = await phone.newPage();
    await signUpOnAuth(page, `filters.${Date.now()}@example.com`);
    await skipOnboarding(page);
    await page.goto("/browse");
    const tiles = page
      .getByRole("list", { name: "Members nearby" })
      .getByRole("button", { name: /^View .+'s profile$/ });
    await expect(tiles.first()).toBeVisible();

    await page.getByRole("button", { name: "Filters" }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await sheet.getByLabel("From").fill("30");
    await sheet.getByLabel("To").fill("45");
    await sheet.getByRole("button", { name: "With photos" }).click();
    // The sheet fits the phone's screen: its button is within reach.
    const apply = sheet.getByRole("button", { name: "Show members" });
    const box = (await apply.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/users/filters") && r.status() === 200);
    let answer = page.waitForResponse((r) => filtered(r.url()));
    await apply.click();
    await checkAnswer(answer);
    await expect(page).toHaveURL(/\/browse\?ageMin=30&ageMax=45&photos=true$/);
    await expect(page.getByRole("button", { name: "Filters, 2 on" })).toBeVisible();
    await expect(tiles.first()).toBeVisible();
    await saved;

    // A reload: the address says which filters.
    answer = page.waitForResponse((r) => filtered(r.url()));
    await page.reload();
    await checkAnswer(answer);
    await expect(page.getByRole("button", { name: "Filters, 2 on" })).toBeVisible();

    // The next visit, the address naming none: his saved filters.
    answer = page.waitForResponse((r) => filtered(r.url()));
    await page.goto("/browse");
    await checkAnswer(answer);
    await expect(page.getByRole("button", { name: "Filters, 2 on" })).toBeVisible();
    const me = (await (await page.request.get("/api/auth/user")).json()) as { nearbyFilters: unknown };
    expect(me.nearbyFilters).toMatchObject({ ageMin: 30, ageMax: 45, photos: true, positions: [], online: false });

    // The map takes the same filters (his saved ones), and its server answers only those who pass them, no crowds.
    const area = page.waitForResponse(
      (r) => r.url().includes("/api/map/area?") && r.url().includes("ageMin=30&ageMax=45&photos=true"),
    );
    await page.goto("/map");
    const tilesAnswered = (await (await area).json()) as {
      tiles: Array<{ members: Array<{ age: number | null }>; crowds: unknown[] }>;
    };
    const onMap = tilesAnswered.tiles.flatMap((t) => t.members);
    expect(onMap.length).toBeGreaterThan(0);
    for (const m of onMap) expect(m.age! >= 30 && m.age! <= 45).toBe(true);
    expect(tilesAnswered.tiles.flatMap((t) => t.crowds)).toEqual([]);
    await expect(page.getByRole("button", { name: "Filters, 2 on" })).toBeVisible();
    await page.goto("/browse");

    // Cleared: everyone again, and nothing kept.
    await page.getByRole("button", { name: "Filters, 2 on" }).click();
    await sheet.getByRole("button", { name: "Clear all" }).click();
    await sheet.getByRole("button", { name: "Show members" }).click();
    await expect(page.getByRole("button", { name: "Filters" })).toBeVisible();
    await expect(page).toHaveURL(/\/browse$/);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get("/api/auth/user")).json()) as { nearbyFilters: unknown }).nearbyFilters,
      )
      .toBeNull();
  } finally {
    await phone.close();
  }
});
