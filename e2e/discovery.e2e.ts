import { signUpOnAuth, skipOnboarding } from "./helpers";
import { expect, test } from "@playwright/test";
import exifReader from "exif-reader";
import sharp from "sharp";

/** A card's name from its heading, which says ", online" to screen readers after it when he is (the demo's members come and go). */
const cardName = (heading: string | null) => (heading ?? "").trim().replace(/, online$/, "");

/** Jacksonville: the seeded members live around here. */
const HERE = { latitude: 30.3322, longitude: -81.6557 };

/** A phone's JPEG: camera make and the GPS position of where it was taken. */
async function jpegWithGps(): Promise<Buffer> {
  const width = 640;
  const height = 480;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + ((i / width) | 0) * 31) & 0xff;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Spy 1" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "30/1 19/1 56/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "81/1 39/1 20/1",
      },
    })
    .toBuffer();
}

test.use({ geolocation: HERE, permissions: ["geolocation"] });

test("a new member signs up, completes onboarding with his location, meets members nearby, uploads a picture stripped of GPS, and blocks one", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const email = `discover.${Date.now()}@example.com`;

  // Sign up.
  await signUpOnAuth(page, email);

  // Onboarding: the four steps, with geolocation granted.
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome to Vicinity" })).toBeVisible();
  await dialog.getByRole("button", { name: "Get Started" }).click();
  await expect(dialog.getByRole("heading", { name: "Tell us about you" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save & Continue" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: "First name" }).fill("Sam");
  await dialog.getByRole("textbox", { name: "Age" }).fill("31");
  await dialog.getByRole("textbox", { name: "Interests" }).fill("beach");
  await dialog.getByRole("textbox", { name: "Interests" }).press("Enter");
  await dialog.getByRole("button", { name: "Save & Continue" }).click();
  await expect(dialog.getByRole("heading", { name: "Who's around you?" })).toBeVisible();
  const located = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/location") && r.request().method() === "PUT",
  );
  await dialog.getByRole("button", { name: "Enable Location" }).click();
  expect((await located).status()).toBe(200);
  await expect(dialog.getByRole("heading", { name: "You're all set" })).toBeVisible();
  await dialog.getByRole("button", { name: "Start Using Vicinity" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Sam!");

  // Seeded members nearby, with distances in km and the match line.
  const grid = page.getByRole("list", { name: "Members nearby" });
  await expect(grid.getByTestId("nearby-user-card").first()).toBeVisible();
  expect(await grid.getByTestId("nearby-user-card").count()).toBeGreaterThanOrEqual(9);
  // Distances in km to one decimal (a member in private mode says "Distance hidden" instead).
  await expect(grid.getByText(/^\d+\.\d km$/).first()).toBeVisible();
  await expect(grid.getByTestId("match").first()).toContainText(/^\d+% match/);

  // Best match: the server's order by score.
  await page.getByRole("button", { name: "Best match" }).click();
  await expect(page.getByRole("button", { name: "Best match" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(async () => {
      const scores = (await grid.getByTestId("match").allTextContents()).map((t) => Number.parseInt(t, 10));
      return scores.length > 1 && scores.every((s, i) => i === 0 || (scores[i - 1] ?? 0) >= s);
    })
    .toBe(true);
  await page.getByRole("button", { name: "Nearest" }).click();
  // The grid draws the new order in a deferred render (busy meanwhile): wait for it.
  await expect
    .poll(async () => {
      if ((await grid.getAttribute("aria-busy")) === "true") return false;
      const km = (await grid.getByText(/^\d+\.\d km$/).allTextContents()).map((t) => Number.parseFloat(t));
      return km.length > 1 && km.every((d, i) => i === 0 || (km[i - 1] ?? 0) <= d);
    })
    .toBe(true);

  // Open the nearest member's profile (his card carries his id, so it can be checked for later).
  const first = grid.getByTestId("nearby-user-card").first();
  const cardId = await first.getAttribute("data-member-id");
  const name = cardName(await first.getByRole("heading").textContent());
  await first.getByRole("button", { name: `View ${name}'s profile` }).click();
  await expect(page).toHaveURL(/\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("compatibility")).toContainText(/\d+% match/);
  const memberId = page.url().split("/").pop() ?? "";
  expect(memberId).toBe(cardId);

  // On /profile, upload a JPEG carrying EXIF GPS tags: the served picture has none.
  const original = await jpegWithGps();
  expect(exifReader((await sharp(original).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([30, 19, 56]);
  await page.goto("/profile");
  const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/media") && r.request().method() === "POST");
  await page
    .getByLabel("Choose a photo to upload")
    .setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: original });
  expect((await uploaded).status()).toBe(201);
  const main = page.getByRole("list", { name: "Your photos" }).getByRole("img", { name: "Photo 1, your main photo" });
  await expect(main).toBeVisible();
  const pictureUrl = new URL((await main.getAttribute("src")) ?? "", page.url()).pathname;
  expect(pictureUrl).toMatch(/^\/media\/[0-9a-f-]{36}$/);
  for (const query of ["", "?w=200&q=90&f=webp", "?w=150&h=150&q=75&f=jpeg"]) {
    const served = await page.request.get(`${pictureUrl}${query}`);
    expect(served.status()).toBe(200);
    const bytes = await served.body();
    const meta = await sharp(bytes).metadata();
    expect(meta.exif, `served ${query || "original"} has no EXIF`).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from("TestCam"))).toBe(false);
  }
  expect(
    ((await (await page.request.get("/api/auth/user")).json()) as { profileImageUrl: string }).profileImageUrl,
  ).toBe(pictureUrl);

  // Block him: he disappears from the grid.
  await page.goto(`/members/${memberId}`);
  await page.getByRole("button", { name: "Block" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(`Blocked ${name}`).first()).toBeVisible();
  await expect(grid.getByTestId("nearby-user-card").first()).toBeVisible();
  // The whole grid drawn (a screenful comes first), and he is not in it.
  await expect(grid).not.toHaveAttribute("aria-busy", "true");
  await expect(page.locator(`[data-testid=nearby-user-card][data-member-id="${memberId}"]`)).toHaveCount(0);
  const ids = (
    (await (
      await page.request.get(`/api/users/nearby?latitude=${HERE.latitude}&longitude=${HERE.longitude}&limit=100`)
    ).json()) as Array<{ id: string }>
  ).map((u) => u.id);
  expect(ids).not.toContain(memberId);
});

test("a member who skips onboarding is still placed where his device says: others see him, his profiles show distances", async ({
  page,
  browser,
}) => {
  const email = `skipper.${Date.now()}@example.com`;
  const located = page.waitForResponse(
    (r) => r.url().endsWith("/api/users/location") && r.request().method() === "PUT",
  );
  await signUpOnAuth(page, email);
  await skipOnboarding(page);
  expect((await located).status()).toBe(200);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };

  // A seeded member's profile measures the distance from where he is.
  const grid = page.getByRole("list", { name: "Members nearby" });
  const first = grid.getByTestId("nearby-user-card").first();
  await expect(first).toBeVisible();
  const name = cardName(await first.getByRole("heading").textContent());
  await first.getByRole("button", { name: `View ${name}'s profile` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(
    page
      .getByRole("main")
      .getByText(/\d+\.\d km|Distance hidden/)
      .first(),
  ).toBeVisible();
  await expect(page.getByText("Location unknown")).toHaveCount(0);

  // Another member nearby finds him.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await other.request.post("/api/register", {
    data: { email: `finder.${Date.now()}@example.com`, password: "a long and unusual passphrase" },
  });
  const found = (await (
    await other.request.get(
      `/api/users/nearby?latitude=${HERE.latitude}&longitude=${HERE.longitude}&radius=5&limit=100`,
    )
  ).json()) as Array<{ id: string }>;
  expect(found.map((u) => u.id)).toContain(me.id);
  await other.close();
});

test("the home's first load asks for the members near his last shared place with the page itself, then where the device says he is, each once, and shows the device's answer", async ({
  page,
}) => {
  await signUpOnAuth(page, `early.${Date.now()}@example.com`);
  await skipOnboarding(page);
  // A first load of "/" (not a move within the app). His page names his last shared place
  // (snapped, docs/decisions/0029): the browser asks for the members near it while it reads the
  // page, and his home draws them at once; then the device says where he is now.
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/users/nearby") asked.push(request.url());
  });
  await page.reload();
  const grid = page.getByRole("list", { name: "Members nearby" });
  await expect(grid.getByTestId("nearby-user-card").first()).toBeVisible();
  const [latitude, longitude] = (await page
    .locator('meta[name="vicinity-member-home"]')
    .getAttribute("content"))!.split(",");
  const device = [String(HERE.latitude), String(HERE.longitude), "25"];
  await expect.poll(() => asked.length).toBe(2);
  const places = asked
    .map((url) => new URL(url).searchParams)
    .map((q) => [q.get("latitude"), q.get("longitude"), q.get("radius")]);
  expect(places).toContainEqual([latitude, longitude, "25"]);
  expect(places).toContainEqual(device);
  // The device's answer is the one drawn: the distances are measured from where he is now.
  const near = (await (
    await page.request.get(`/api/users/nearby?latitude=${HERE.latitude}&longitude=${HERE.longitude}&radius=25`)
  ).json()) as { id: string }[];
  await expect(grid.getByTestId("nearby-user-card").first()).toHaveAttribute("data-member-id", near[0]!.id);
  await expect(grid).not.toHaveAttribute("aria-busy");
  expect(asked).toHaveLength(2);
});

test("a member whose device will not say where he is sees the members near his last shared place, not the spec's fallback, asked for once", async ({
  page,
  browser,
}) => {
  await signUpOnAuth(page, `denied.${Date.now()}@example.com`);
  await skipOnboarding(page);
  await expect(
    page.getByRole("list", { name: "Members nearby" }).getByTestId("nearby-user-card").first(),
  ).toBeVisible();
  // The same member (his cookie and what his browser keeps) in a browser that refuses to locate him.
  const denied = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
    permissions: [],
  });
  try {
    const again = await denied.newPage();
    const asked: string[] = [];
    again.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/users/nearby") asked.push(request.url());
    });
    await again.goto("/");
    const grid = again.getByRole("list", { name: "Members nearby" });
    await expect(grid.getByTestId("nearby-user-card").first()).toBeVisible();
    await expect(again.getByText("Showing members near Jacksonville. Allow location for people near you.")).toHaveCount(
      0,
    );
    const [latitude, longitude] = (await again
      .locator('meta[name="vicinity-member-home"]')
      .getAttribute("content"))!.split(",");
    expect(Number(latitude)).toBeCloseTo(HERE.latitude, 1);
    expect(Number(longitude)).toBeCloseTo(HERE.longitude, 1);
    await expect(grid).not.toHaveAttribute("aria-busy");
    expect(asked.map((url) => new URL(url).searchParams.get("latitude"))).toEqual([latitude]);
  } finally {
    await denied.close();
  }
});

test("a member's first load of the home fetches its chunks from the page itself, each once, and draws his home and its whole first page of members", async ({
  page,
  context,
}) => {
  await signUpOnAuth(page, `chunks.${Date.now()}@example.com`);
  await skipOnboarding(page);
  // The page at "/" for a member names his home's chunks (docs/decisions/0028): the browser asks
  // for them while it reads the page, not once the first script has run, and asks for none twice.
  const html = await (await page.request.get("/")).text();
  const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  // The home's chunk holds his home, his session and the header (docs/decisions/0030).
  expect(named.some((href) => /\/assets\/home-[\w-]+\.js$/.test(href))).toBe(true);
  // A new tab of his for the first load: the signed-up tab may still be fetching its own scripts
  // (a chunk asked for as it went would count as asked twice).
  await page.close();
  const home = await context.newPage();
  const scripts: string[] = [];
  home.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await home.goto("/");
  await expect(home.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  const grid = home.getByRole("list", { name: "Members nearby" });
  await expect(grid.getByTestId("nearby-user-card").first()).toBeVisible();
  // The grid draws three rows, then three more at a time, until the whole first page is there.
  const firstPage = (await (
    await home.request.get(`/api/users/nearby?latitude=${HERE.latitude}&longitude=${HERE.longitude}&radius=25`)
  ).json()) as unknown[];
  expect(firstPage.length).toBeGreaterThan(18);
  await expect(grid).not.toHaveAttribute("aria-busy");
  await expect(grid.getByTestId("nearby-user-card")).toHaveCount(firstPage.length);
  for (const href of named) expect(scripts).toContain(href);
  expect(scripts.filter((href, i) => scripts.indexOf(href) !== i)).toEqual([]);
  // A guest's or another page's app does not load the member's home.
  const homeChunk = named.find((href) => /\/assets\/home-[\w-]+\.js$/.test(href))!;
  expect(await (await home.request.get("/messages")).text()).not.toContain(homeChunk);
});
