import { expect, type Page } from "@playwright/test";

export const PASSWORD = "a long and unusual passphrase";

/**
 * Settles once the page's socket is connected: the server has answered socket.io's CONNECT (a
 * "40" frame). Call it before the page is opened; what a page hears "by itself" needs its socket.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (ws) => {
      if (!ws.url().includes("/socket.io/")) return;
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.startsWith("40")) resolve();
      });
    });
  });
}

/** Signs up on /auth's Sign Up tab and lands on the home page. */
export async function signUpOnAuth(page: Page, email: string): Promise<void> {
  await page.goto("/auth?tab=signup");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
  await page.getByRole("textbox", { name: "Confirm password" }).fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL("/");
}

/** Onboarding opens by itself for a new member; Escape completes it (spec section 4). */
export async function skipOnboarding(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: /Welcome to Vicinity/i });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

/** Signs in on /auth as an existing account (the e2e server's admin, say) and lands on the home page. */
export async function signInOnAuth(page: Page, email: string, password: string = PASSWORD): Promise<void> {
  await page.goto("/auth");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
}
