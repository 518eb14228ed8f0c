import { expect, test, type Page } from "@playwright/test";
import { signUpOnAuth, skipOnboarding } from "./helpers";

/** Jacksonville: the seeded members live around here. */
const HERE = { latitude: 30.3322, longitude: -81.6557 };
/** East of town, where no seeded member is, so his marker stands alone at the map's first zoom. */
const EAST = { latitude: 30.36, longitude: -81.42 };
const EAST_MOVED = { latitude: 30.22, longitude: -81.42 };

test.use({ geolocation: HERE, permissions: ["geolocation"] });

/** Every request a page makes, to check that none leaves the app's origin. */
function collectRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

async function newMember(page: Page, name: string): Promise<string> {
  await signUpOnAuth(page, `${name}.${Date.now()}@example.com`);
  await skipOnboarding(page);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  return me.id;
}

interface DrawnMarker {
  kind: "member" | "cluster" | "crowd";
  id?: string;
  y: number;
  picture: "none" | "pending" | "drawn" | "failed";
}

/** The markers drawn on the map's canvas (decision 0040), as the page reports them. */
const markers = (page: Page): Promise<DrawnMarker[]> =>
  page
    .getByTestId("map-markers")
    .evaluate((canvas) => (canvas as HTMLCanvasElement & { markers(): DrawnMarker[] }).markers());
const kinds = async (page: Page) => new Set((await markers(page)).map((m) => m.kind));
const markerOf = async (page: Page, id: string) => (await markers(page)).find((m) => m.id === id);

test("a member sees seeded members as markers and clusters, opens one and messages him; nothing leaves the app", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const requests = collectRequests(page);
  const refused: string[] = [];
  page.on("response", (response) => response.status() === 429 && refused.push(response.url()));
  await newMember(page, "mapper");
  expect((await page.request.put("/api/users/location", { data: HERE })).status()).toBe(200);

  await page.goto("/map");
  await expect.poll(async () => (await kinds(page)).has("cluster")).toBe(true);
  // Every demo member has a picture, and every marker's arrives (made when it was stored: no render refused).
  await expect
    .poll(async () => (await markers(page)).filter((m) => m.kind === "member").map((m) => m.picture))
    .not.toContain("pending");
  const pictures = (await markers(page)).filter((m) => m.kind === "member").map((m) => m.picture);
  expect(pictures.length).toBeGreaterThan(0);
  expect(pictures.every((p) => p === "drawn")).toBe(true);
  await expect(page.locator(".leaflet-control-attribution")).toBeVisible();
  await expect(page.getByText(/\d+ members? in view/)).toBeVisible();

  const list = page.getByRole("list", { name: "Members in view" });
  await list.getByRole("button").first().click();
  const card = page.getByTestId("map-member-card");
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: /^Message / }).click();
  await expect(page).toHaveURL(/\/messages/);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();

  const origin = new URL(baseURL!).origin;
  const outside = requests.filter(
    (url) => !url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:"),
  );
  expect(outside).toEqual([]);
  expect(refused).toEqual([]);
});

test("another member's marker moves live, and is gone once he hides", async ({ page, browser }) => {
  test.setTimeout(90_000);
  await newMember(page, "watcher");
  expect((await page.request.put("/api/users/location", { data: HERE })).status()).toBe(200);

  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    geolocation: EAST,
    permissions: ["geolocation"],
  });
  const mover = await other.newPage();
  const moverId = await newMember(mover, "mover");
  expect((await mover.request.put("/api/users/location", { data: EAST })).status()).toBe(200);

  await page.goto("/map");
  await expect.poll(async () => (await markerOf(page, moverId))?.y, { timeout: 15_000 }).toBeDefined();
  const before = (await markerOf(page, moverId))!.y;

  // He moves: the first member's map follows without a reload.
  expect((await mover.request.put("/api/users/location", { data: EAST_MOVED })).status()).toBe(200);
  await expect
    .poll(async () => (await markerOf(page, moverId))?.y ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(before + 20);

  // Hidden: not on the map at all.
  expect((await mover.request.put("/api/users/location/visibility", { data: { visibility: "hidden" } })).status()).toBe(
    200,
  );
  await expect.poll(async () => markerOf(page, moverId), { timeout: 20_000 }).toBeUndefined();
  await page.reload();
  await expect.poll(async () => (await markers(page)).length).toBeGreaterThan(0);
  await expect(await markerOf(page, moverId)).toBeUndefined();
  await other.close();
});

test("a visitor sees the limited map: no pictures, and the card invites him to sign up", async ({ page }) => {
  await page.goto("/map");
  await expect(page.getByText("Anonymous Browsing")).toBeVisible();
  await expect.poll(async () => (await kinds(page)).has("member")).toBe(true);
  expect((await markers(page)).filter((m) => m.kind === "member" && m.picture !== "none")).toEqual([]);
  const list = page.getByRole("list", { name: "Members in view" });
  await list.getByRole("button").first().click();
  const card = page.getByTestId("map-member-card");
  await expect(card.getByRole("link", { name: "Sign Up for Full Access" })).toHaveAttribute("href", "/join");
  await expect(card.getByRole("button", { name: /^Message / })).toHaveCount(0);
});
