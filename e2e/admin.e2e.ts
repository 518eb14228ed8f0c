import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { PASSWORD, signInOnAuth, signUpOnAuth, skipOnboarding } from "./helpers";

test("an admin finds a member by email, warns him, then suspends him for 7 days: his open page is signed out at once and his sign-in says why; the audit log shows both; a member is refused the admin pages and calls", async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ timezoneId: "UTC" });
  const memberContext = await browser.newContext({ timezoneId: "UTC" });
  try {
    const member = await memberContext.newPage();
    const email = `warned.${Date.now()}@example.com`;
    await signUpOnAuth(member, email);
    await skipOnboarding(member);
    const me = (await (await member.request.get("/api/auth/user")).json()) as { id: string; username: string };

    // A member is refused: the page says so, the calls answer 403.
    await member.goto("/admin/audit");
    await expect(member.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(member.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    expect((await member.request.get("/api/admin/audit")).status()).toBe(403);
    expect((await member.request.post(`/api/admin/members/${me.id}/warn`, { data: { reason: "self" } })).status()).toBe(403);
    await member.goto("/");
    await expect(member.getByRole("heading", { level: 1 })).toHaveText(/^Welcome back, /);

    // The admin finds him by his email on the members page and opens his page.
    const admin = await adminContext.newPage();
    await signInOnAuth(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await skipOnboarding(admin);
    await admin.goto("/admin/members");
    await admin.getByRole("searchbox", { name: "Search" }).fill(email);
    const found = admin.getByRole("table", { name: /All members matching/ }).getByRole("row").filter({ hasText: email });
    await found.getByRole("link", { name: me.username }).click();
    await expect(admin).toHaveURL(`/admin/members/${me.id}`);
    await expect(admin.getByRole("heading", { level: 1, name: me.username })).toBeVisible();

    // A warning, with its reason.
    const warning = `Be respectful in messages (${Date.now()})`;
    await admin.getByRole("button", { name: "Warn" }).click();
    const warn = admin.getByRole("dialog", { name: `Warn ${me.username}` });
    await warn.getByRole("textbox", { name: /Reason/ }).fill(warning);
    await warn.getByRole("button", { name: "Send the warning" }).click();
    await expect(warn).toBeHidden();

    // A suspension for 7 days: his open page is signed out at once (his socket is cut, his session ended).
    const reason = "Harassment after a clear no";
    await admin.getByRole("button", { name: "Suspend" }).click();
    const suspend = admin.getByRole("dialog", { name: `Suspend ${me.username}` });
    await expect(suspend.getByRole("combobox", { name: "For" })).toHaveText("7 days");
    await suspend.getByRole("textbox", { name: /Reason/ }).fill(reason);
    await suspend.getByRole("button", { name: "Suspend" }).click();
    await expect(suspend).toBeHidden();
    await expect(admin.getByText(/^until \d+ \w+ \d{4}$/)).toBeVisible();
    await expect(member.getByRole("link", { name: "JOIN FREE NOW" })).toBeVisible({ timeout: 15_000 });

    // His sign-in says why and until when.
    await member.goto("/auth");
    await member.getByRole("textbox", { name: "Email" }).fill(email);
    await member.getByRole("textbox", { name: "Password", exact: true }).fill(PASSWORD);
    await member.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(member.getByRole("alert")).toContainText(new RegExp(`This account is suspended until \\d{4}-\\d{2}-\\d{2}: ${reason}`));

    // The overview, then the audit log through the admin sections: both actions, filtered to warnings.
    await admin.goto("/admin");
    await expect(admin.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
    await expect(admin.getByRole("link", { name: /Suspended this week/ })).toContainText(/[1-9]/);
    await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
    await expect(admin).toHaveURL("/admin/audit");
    await expect(admin.getByRole("row").filter({ hasText: reason })).toContainText("Suspended");
    await admin.getByRole("combobox", { name: "Action" }).click();
    await admin.getByRole("option", { name: "Warned" }).click();
    const row = admin.getByRole("row").filter({ hasText: warning });
    await expect(row).toBeVisible();
    await expect(row.getByRole("link")).toHaveAttribute("href", `/admin/members/${me.id}`);
    await expect(admin.getByRole("row").filter({ hasText: reason })).toHaveCount(0);
  } finally {
    await adminContext.close();
    await memberContext.close();
  }
});
