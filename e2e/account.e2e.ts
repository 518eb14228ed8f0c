import { expect, test } from "@playwright/test";
import { PASSWORD, signInOnAuth, signUpOnAuth, skipOnboarding } from "./helpers";
import { linkOf, waitForMail } from "./mail";

const NEW_PASSWORD = "a fresh and rather long passphrase";

test("a member confirms his address from the mail, forgets his password and resets it from the mail (his other session ends); a used or superseded link is refused with a clear message", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const phoneContext = await browser.newContext({ timezoneId: "UTC" });
  const laptopContext = await browser.newContext({ timezoneId: "UTC" });
  try {
    const phone = await phoneContext.newPage();
    const email = `mailbox.${Date.now()}@example.com`;
    await signUpOnAuth(phone, email);
    await skipOnboarding(phone);

    // Until he opens the link, a banner says where it went.
    const banner = phone.getByRole("note", { name: "Confirm your email address" });
    await expect(banner).toContainText(`we sent a link to ${email}`);
    const welcome = await waitForMail(email, "Confirm your email address");
    expect(welcome.html).toContain("Confirm my address");
    const verifyLink = linkOf(welcome);
    expect(verifyLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/verify-email#token=[A-Za-z0-9_-]{43}$/);
    await phone.goto(verifyLink);
    await expect(phone.getByRole("heading", { name: "Your address is confirmed" })).toBeVisible();
    await phone.getByRole("link", { name: "Go to Vicinity" }).click();
    await expect(phone.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);
    await expect(banner).toHaveCount(0);
    // The same link again: already used.
    await phone.goto(verifyLink);
    await expect(phone.getByRole("heading", { name: "This link was already used" })).toBeVisible();

    // On his laptop he has forgotten the password: "Forgot password?" on the sign-in screen.
    const laptop = await laptopContext.newPage();
    await laptop.goto("/auth");
    await laptop.getByRole("link", { name: "Forgot password?" }).click();
    await expect(laptop).toHaveURL("/forgot-password");
    await laptop.getByRole("textbox", { name: "Email" }).fill(email);
    await laptop.getByRole("button", { name: "Send me a link" }).click();
    await expect(laptop.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    // He asks twice: only the newest link works.
    await laptop.goto("/forgot-password");
    await laptop.getByRole("textbox", { name: "Email" }).fill(email);
    await laptop.getByRole("button", { name: "Send me a link" }).click();
    await expect(laptop.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    const first = linkOf(await waitForMail(email, "Choose a new password"));
    const second = linkOf(await waitForMail(email, "Choose a new password", 1));
    await laptop.goto(first);
    await expect(laptop.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expect(laptop.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");

    await laptop.goto(second);
    await laptop.getByRole("textbox", { name: /^New password/ }).fill("password123");
    await laptop.getByRole("textbox", { name: /^Type it again/ }).fill("password123");
    await laptop.getByRole("button", { name: "Save my new password" }).click();
    await expect(laptop.getByRole("alert")).toHaveText("This password is too common");
    await laptop.getByRole("textbox", { name: /^New password/ }).fill(NEW_PASSWORD);
    await laptop.getByRole("textbox", { name: /^Type it again/ }).fill(NEW_PASSWORD);
    await laptop.getByRole("button", { name: "Save my new password" }).click();
    await expect(laptop.getByRole("heading", { name: "Your password is changed" })).toBeVisible();

    // His phone's session is gone; the old password no longer signs in, the new one does.
    expect((await phone.request.get("/api/auth/user")).status()).toBe(401);
    const refused = await laptop.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
    expect(refused.status()).toBe(401);
    await laptop.getByRole("link", { name: "Sign in" }).click();
    await signInOnAuth(laptop, email, NEW_PASSWORD);

    // The used link, opened again.
    await laptop.goto(second);
    await expect(laptop.getByRole("heading", { name: "This link was already used" })).toBeVisible();
  } finally {
    await phoneContext.close();
    await laptopContext.close();
  }
});

test("a member sees his signed-in devices on his profile and signs another one out", async ({ browser }) => {
  const contexts = await Promise.all([0, 1].map(() => browser.newContext({ timezoneId: "UTC" })));
  try {
    const [here, there] = await Promise.all(contexts.map((c) => c.newPage()));
    const email = `devices.${Date.now()}@example.com`;
    await signUpOnAuth(there!, email);
    await skipOnboarding(there!);
    await signInOnAuth(here!, email);
    await here!.goto("/profile#account");
    const devices = here!.getByRole("list", { name: "Signed-in devices" });
    await expect(devices.getByRole("listitem")).toHaveCount(2);
    await expect(devices.getByRole("listitem").first()).toContainText("This device");
    await here!.getByRole("button", { name: /^Sign out .*Chrome/ }).click();
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    expect((await there!.request.get("/api/auth/user")).status()).toBe(401);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
