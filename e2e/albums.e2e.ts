import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { PASSWORD } from "./helpers";

/** A signed-in member in his own browser context (a phone's size when asked), past onboarding. */
async function member(browser: Browser, firstName: string, phone = false): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const res = await page.request.post("/api/register", { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  expect((await page.request.put("/api/users/profile", { data: { firstName, age: 30 } })).status()).toBe(200);
  return { page, id: ((await res.json()) as { id: string }).id };
}

test("a member keeps a private album, shares it from the chat; the other sees it live on his phone, and when it is taken back it is gone from his screen and from the server", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const sam = await member(browser, "Sam");
  const kai = await member(browser, "Kai", true);

  // Sam makes an album from his profile settings, and puts a picture in it.
  await sam.page.goto("/profile");
  await sam.page.getByRole("link", { name: "Private albums", exact: true }).click();
  await expect(sam.page).toHaveURL(/\/albums$/);
  await sam.page.getByRole("button", { name: "New album" }).first().click();
  const naming = sam.page.getByRole("dialog", { name: "New album" });
  await naming.getByRole("textbox", { name: "Album name" }).fill("Weekend");
  await naming.getByRole("button", { name: "Create" }).click();
  await expect(sam.page).toHaveURL(/\/albums\/[0-9a-f-]{36}$/);
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#228855" } })
    .jpeg()
    .toBuffer();
  await sam.page
    .getByTestId("album-file-input")
    .setInputFiles({ name: "beach.jpg", mimeType: "image/jpeg", buffer: picture });
  await expect(sam.page.getByRole("list", { name: "Pictures in this album" }).getByTestId("album-picture")).toHaveCount(
    1,
  );

  // His profile as Kai sees it holds none of it.
  const profile = await kai.page.request.get(`/api/users/${sam.id}`);
  const pictureId = (
    (await (await sam.page.request.get("/api/albums")).json()) as {
      albums: Array<{ pictures: Array<{ id: string }> }>;
    }
  ).albums[0]!.pictures[0]!.id;
  expect(await profile.text()).not.toContain(pictureId);
  expect((await kai.page.request.get(`/media/${pictureId}?w=200`)).status()).toBe(404);

  // Both in their chat: Kai on his phone.
  await sam.page.goto(`/members/${kai.id}`);
  await sam.page.getByRole("button", { name: "Message" }).click();
  await expect(sam.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationPath = new URL(sam.page.url()).pathname;
  await kai.page.goto(conversationPath);
  await expect(kai.page.getByRole("log", { name: "Messages with Sam" })).toBeVisible();
  const strip = kai.page.getByRole("region", { name: "Private albums Sam shared with you" });
  await expect(strip).toHaveCount(0);

  // Sam shares "Weekend" from the composer's Private albums sheet.
  await sam.page.getByRole("button", { name: "Private albums", exact: true }).click();
  await sam.page.getByRole("button", { name: "Share Weekend" }).click();
  await expect(sam.page.getByRole("button", { name: "Unshare Weekend" })).toBeVisible();

  // Kai is told (a toast), the strip appears live, and the album opens on his phone.
  await expect(kai.page.getByText("Sam shared a private album with you: Weekend.").first()).toBeVisible();
  await expect(strip).toBeVisible();
  await strip.getByRole("button", { name: /Weekend/ }).click();
  const viewer = kai.page.getByRole("dialog", { name: "Weekend" });
  await expect(viewer.getByTestId("album-viewer-picture")).toBeVisible();
  await expect
    .poll(() => viewer.getByTestId("album-viewer-picture").evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  expect((await kai.page.request.get(`/media/${pictureId}?w=200`)).status()).toBe(200);

  // Sam takes it back while Kai looks: the viewer closes and says why, the strip goes, the address answers 404.
  await sam.page.getByRole("button", { name: "Unshare Weekend" }).click();
  await expect(sam.page.getByRole("button", { name: "Share Weekend" })).toBeVisible();
  await expect(viewer).toBeHidden();
  await expect(kai.page.getByText("This album is no longer shared with you.").first()).toBeVisible();
  await expect(strip).toHaveCount(0);
  const refused = await kai.page.request.get(`/media/${pictureId}?w=200`);
  expect(refused.status()).toBe(404);
  // Nothing of it stays in his browser's cache: it was never allowed to be kept.
  expect((await sam.page.request.get(`/media/${pictureId}?w=200`)).headers()["cache-control"]).toBe(
    "private, no-store",
  );
});
