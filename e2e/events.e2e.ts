import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { signUpOnAuth, skipOnboarding, socketConnected } from "./helpers";

/** Jacksonville Beach: where the host's venue and his guests are. */
const HERE = { latitude: 30.2947, longitude: -81.3931 };

test.use({ geolocation: HERE, permissions: ["geolocation"] });

/** A member of his own browser context (his own cookies), signed up and placed near the venue. */
async function member(browser: Browser, name: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ geolocation: HERE, permissions: ["geolocation"], timezoneId: "UTC" });
  const page = await context.newPage();
  await signUpOnAuth(page, `${name}.${Date.now()}@example.com`);
  await skipOnboarding(page);
  expect((await page.request.put("/api/users/location", { data: HERE })).status()).toBe(200);
  return { page, close: () => context.close() };
}

/** A datetime-local value `hours` from now in UTC: the browser's zone, so the form's default zone. */
function localInput(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  return d.toISOString().slice(0, 16);
}

/** The cover picture: a small PNG. */
const cover = () =>
  sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 240, g: 120, b: 40 } } })
    .png()
    .toBuffer();

test("a member hosts an event with a cover; another finds it, goes and gets its .ics; with one place a third waits and is promoted; the host cancels and both see it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const host = await member(browser, "host");
  const ben = await member(browser, "ben");
  const carl = await member(browser, "carl");
  try {
    // The host fills in the form, cover included, with one place.
    await host.page.goto("/events/new");
    const form = host.page.getByRole("form", { name: "Host an event" });
    await form.getByRole("textbox", { name: "Title" }).fill("Sunset volleyball");
    await form.getByRole("textbox", { name: "Description" }).fill("Bring water.");
    await form.getByLabel("Starts").fill(localInput(26));
    await form.getByLabel("Ends").fill(localInput(28));
    await form.getByRole("textbox", { name: "Venue" }).fill("Jacksonville Beach Pier");
    await form.getByRole("spinbutton", { name: "Capacity" }).fill("1");
    await form
      .getByLabel("Cover picture file")
      .setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await cover() });
    await expect(form.getByRole("img", { name: "The event's cover" })).toBeVisible();
    await form.getByRole("button", { name: "Create event" }).click();
    await expect(host.page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    const eventUrl = new URL(host.page.url()).pathname;
    await expect(host.page.getByRole("heading", { name: "Sunset volleyball" })).toBeVisible();

    // Ben finds it in the events near him and goes.
    await ben.page.goto("/events");
    await ben.page
      .getByRole("link", { name: /Sunset volleyball/ })
      .first()
      .click();
    await expect(ben.page).toHaveURL(eventUrl);
    await ben.page.getByRole("button", { name: "Going" }).click();
    await expect(ben.page.getByText("You're going").first()).toBeVisible();

    // "Add to calendar" downloads a valid .ics.
    const [download] = await Promise.all([
      ben.page.waitForEvent("download"),
      ben.page.getByRole("link", { name: "Add to calendar" }).click(),
    ]);
    const ics = (await (await download.createReadStream()).toArray()).join("");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("SUMMARY:Sunset volleyball");
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    // Carl: the event is full, so he joins the waitlist.
    const carlListens = socketConnected(carl.page);
    await carl.page.goto(eventUrl);
    await carl.page.getByRole("button", { name: "Join waitlist" }).click();
    await expect(carl.page.getByText("You're on the waitlist").first()).toBeVisible();

    // Ben leaves: Carl's open page moves him up by itself (the socket, once it is connected), and he is told.
    await carlListens;
    await ben.page.getByRole("button", { name: "Leave" }).click();
    await expect(carl.page.getByText("You're going").first()).toBeVisible();
    const told = (await (await carl.page.request.get("/api/notifications")).json()) as {
      notifications: Array<{ kind: string }>;
    };
    expect(told.notifications.map((n) => n.kind)).toContain("event_promoted");

    // The host cancels with a reason; both guests' pages show it cancelled.
    await host.page.getByRole("button", { name: "Cancel event" }).click();
    const dialog = host.page.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Storm coming in");
    await dialog.getByRole("button", { name: "Cancel event" }).click();
    await expect(host.page.getByTestId("event-cancelled")).toBeVisible();
    await expect(carl.page.getByTestId("event-cancelled")).toBeVisible();
    await ben.page.reload();
    await expect(ben.page.getByTestId("event-cancelled")).toContainText("Storm coming in");
  } finally {
    await Promise.all([host.close(), ben.close(), carl.close()]);
  }
});
