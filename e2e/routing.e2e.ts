import { expect, test } from "@playwright/test";
import { PASSWORD, skipOnboarding } from "./helpers";

/**
 * "/" sits inside the one layout route, so moving between the home and the other pages
 * keeps the socket, the messenger and the outbox (it once opened a new socket at every move).
 */
test("a signed-in visit moving Home, Messages, Home, Browse, Home opens one socket", async ({ page }) => {
  const email = `one.socket.${Date.now()}@example.com`;
  expect((await page.request.post("/api/register", { data: { email, password: PASSWORD } })).status()).toBe(201);

  const sockets: string[] = [];
  page.on("websocket", (socket) => {
    if (new URL(socket.url()).pathname.startsWith("/socket.io")) sockets.push(socket.url());
  });

  await page.goto("/");
  await skipOnboarding(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome back/ })).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);

  // The header's own links: client-side navigation, no page load.
  const nav = page.getByRole("navigation", { name: "Main" });
  const goHome = async () => {
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: /^Welcome back/ })).toBeVisible();
  };
  await nav.getByRole("link", { name: /^Messages/ }).click();
  await expect(page).toHaveURL("/messages");
  await expect(page.getByText("No messages yet")).toBeVisible();
  await goHome();
  await nav.getByRole("link", { name: "Browse" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Browse nearby" })).toBeVisible();
  await goHome();

  // Nothing reconnects late either.
  await page.waitForTimeout(500);
  expect(sockets).toHaveLength(1);
});
