import { expect, test, type Browser, type Page, type Request, type Response } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN } from "./admin-account";
import { signInOnAuth, signUpOnAuth, skipOnboarding } from "./helpers";

/** The middle of Jacksonville: the campaign's centre (the creator's default) and where its members are. */
const JACKSONVILLE = { latitude: 30.3322, longitude: -81.6557 };
const ADVERTISER = "Riverside Sauna";
const CTA = "Get the offer";
const DESTINATION = "https://riverside-sauna.example/offer";
const AD_NAME = `Sponsored: ${ADVERTISER}`;

/** A member of his own browser context, of a given age, placed in Jacksonville. */
async function member(browser: Browser, name: string, age: number): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({
    geolocation: JACKSONVILLE,
    permissions: ["geolocation"],
    timezoneId: "UTC",
  });
  const page = await context.newPage();
  await signUpOnAuth(page, `${name}.${Date.now()}@example.com`);
  await skipOnboarding(page);
  expect((await page.request.put("/api/users/location", { data: JACKSONVILLE })).status()).toBe(200);
  expect((await page.request.put("/api/users/profile", { data: { age } })).status()).toBe(200);
  return { page, close: () => context.close() };
}

/** A datetime-local value `hours` from now in UTC (the contexts' zone, so the creator's default zone). */
const localInput = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

const isNext = (r: Response) => new URL(r.url()).pathname === "/api/ads/next";
const isImpression = (r: Response) =>
  new URL(r.url()).pathname === "/api/ads/impressions" && r.request().method() === "POST";

/**
 * Opens the home, scrolls to the grid's first ad place (after the twelfth card: AD_GRID_EVERY) and
 * waits for its ad to be answered: the ad when the server picked one (then scrolled into view
 * until its viewable impression is answered), else its 204. The places further down (after the
 * 24th, 36th and 48th cards) are not asked for while the member is at the top of the home.
 */
async function homeAd(page: Page): Promise<{ shown: boolean; counted: boolean }> {
  let asked = 0;
  const count = (request: Request) => void (new URL(request.url()).pathname === "/api/ads/next" && asked++);
  page.on("request", count);
  const next = page.waitForResponse(isNext);
  await page.goto("/");
  const cards = page.getByRole("list", { name: "Members nearby" }).getByTestId("nearby-user-card");
  await expect(cards.nth(47)).toBeAttached();
  expect(asked, "no ad asked for the places far down the grid").toBeLessThanOrEqual(1);
  page.off("request", count);
  await cards.nth(11).scrollIntoViewIfNeeded();
  const answer = await next;
  if (answer.status() === 204) {
    await expect(page.getByRole("complementary", { name: AD_NAME })).toHaveCount(0);
    return { shown: false, counted: false };
  }
  expect(answer.status()).toBe(200);
  const ad = page.getByRole("complementary", { name: AD_NAME }).first();
  const impression = page.waitForResponse(isImpression);
  await ad.scrollIntoViewIfNeeded();
  await expect(ad).toBeVisible();
  const counted = ((await (await impression).json()) as { counted: boolean }).counted;
  return { shown: true, counted };
}

test("an admin's campaign (10 km around Jacksonville, ages 25-40, 2 a day) reaches a member of 30 twice, his click lands on the destination, a member of 50 never sees it, the figures show it, and a pause stops it at once", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ timezoneId: "UTC" });
  const admin = await adminContext.newPage();
  const thirty = await member(browser, "thirty", 30);
  const fifty = await member(browser, "fifty", 50);
  const another = await member(browser, "another", 35);
  try {
    // The admin makes the campaign in the creator and starts it.
    await signInOnAuth(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await skipOnboarding(admin);
    await admin.goto("/admin/ads/new");
    const form = admin.getByRole("form", { name: "Create a campaign" });
    await form.getByRole("textbox", { name: "Advertiser" }).fill(ADVERTISER);
    await form.getByRole("textbox", { name: "Headline" }).fill("Two for one every Thursday");
    await form.getByRole("textbox", { name: "Text" }).fill("Steam, pool and a rooftop bar in Riverside.");
    await form.getByRole("textbox", { name: "Call to action" }).fill(CTA);
    await form.getByRole("textbox", { name: "Destination" }).fill(DESTINATION);
    const picture = await sharp({
      create: { width: 300, height: 300, channels: 3, background: { r: 30, g: 140, b: 200 } },
    })
      .png()
      .toBuffer();
    await form.getByLabel("Picture file").setInputFiles({ name: "ad.png", mimeType: "image/png", buffer: picture });
    await expect(form.getByRole("img", { name: "The ad's picture" })).toBeVisible();
    // The area: the default centre (Jacksonville) and 10 km.
    await expect(form.getByRole("checkbox", { name: "Only members in an area" })).toBeChecked();
    await expect(form.getByLabel("Radius")).toHaveValue("10");
    await form.getByRole("spinbutton", { name: "Youngest age" }).fill("25");
    await form.getByRole("spinbutton", { name: "Oldest age" }).fill("40");
    await form.getByRole("spinbutton", { name: "Frequency cap" }).fill("2");
    await form.getByLabel("Starts").fill(localInput(-1));
    await form.getByLabel("Ends").fill(localInput(24 * 7));
    // The live preview shows what is typed.
    await expect(admin.getByTestId("ad-preview").getByText("Two for one every Thursday").first()).toBeVisible();
    await form.getByRole("button", { name: "Save and start" }).click();
    await expect(admin).toHaveURL(/\/admin\/ads\/[0-9a-f-]{36}$/);
    const campaignUrl = new URL(admin.url()).pathname;
    await expect(admin.getByRole("heading", { name: "Two for one every Thursday", level: 1 })).toBeVisible();
    await expect(admin.locator("[data-status=active]")).toHaveText("Active");

    // The member of 30 sees it, labelled Sponsored; each view counts once; the third visit of the day gets none.
    const first = await homeAd(thirty.page);
    expect(first).toEqual({ shown: true, counted: true });
    const second = await homeAd(thirty.page);
    expect(second).toEqual({ shown: true, counted: true });

    // He clicks it: a new tab lands on the destination through the signed redirect, with no member data and no referrer.
    const landed: Array<{ url: string; referer: string | undefined }> = [];
    await thirty.page.context().route("https://riverside-sauna.example/**", (route) => {
      landed.push({ url: route.request().url(), referer: route.request().headers()["referer"] });
      return route.fulfill({ contentType: "text/html", body: "<title>Riverside Sauna</title><h1>The offer</h1>" });
    });
    const ad = thirty.page.getByRole("complementary", { name: AD_NAME }).first();
    const [tab] = await Promise.all([
      thirty.page.context().waitForEvent("page"),
      ad.getByRole("link", { name: CTA }).click(),
    ]);
    await expect(tab.getByRole("heading", { name: "The offer" })).toBeVisible();
    expect(tab.url()).toBe(DESTINATION);
    expect(landed).toEqual([{ url: DESTINATION, referer: undefined }]);
    await tab.close();

    expect(await homeAd(thirty.page)).toEqual({ shown: false, counted: false });

    // A member of 50, in the same place, never gets it.
    expect(await homeAd(fifty.page)).toEqual({ shown: false, counted: false });

    // The campaign's page: 2 impressions, 1 member reached, 1 click.
    await admin.goto(campaignUrl);
    const figure = (term: string) =>
      admin
        .locator("dl > div", { has: admin.getByText(term, { exact: true }) })
        .locator("dd")
        .first();
    await expect(figure("Impressions")).toHaveText("2");
    await expect(figure("Members reached")).toHaveText("1");
    await expect(figure("Clicks")).toHaveText("1");

    // Another member of the audience gets it; paused, it is gone for him at his next visit.
    expect((await homeAd(another.page)).shown).toBe(true);
    await admin.getByRole("button", { name: "Pause Two for one every Thursday" }).click();
    await expect(admin.locator("[data-status=paused]")).toHaveText("Paused");
    expect(await homeAd(another.page)).toEqual({ shown: false, counted: false });
  } finally {
    await Promise.all([thirty.close(), fifty.close(), another.close(), adminContext.close()]);
  }
});
