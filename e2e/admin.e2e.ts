import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { signInOnAuth, signUpOnAuth, skipOnboarding } from "./helpers";

test("an admin finds a member by email and warns him; the warning shows on the audit log, filtered; a member is refused the admin pages and calls", async ({ browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ timezoneId: "UTC" });
  const memberContext = await browser.newContext({ timezoneId: "UTC" });
  try {
    const member = await memberContext.newPage();
    const email = `warned.${Date.now()}@example.com`;
    await signUpOnAuth(member, email);
    await skipOnboarding(member);
    const me = (await (await member.request.get("/api/auth/user")).json()) as { id: string };

    // A member is refused: the page says so, the calls answer 403.
    await member.goto("/admin/audit");
    await expect(member.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(member.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    expect((await member.request.get("/api/admin/audit")).status()).toBe(403);
    expect((await member.request.get("/api/admin/overview")).status()).toBe(403);

    // The admin warns him (the members page is still to come: the call itself), then reads the log.
    const admin = await adminContext.newPage();
    await signInOnAuth(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await skipOnboarding(admin);
    const reason = `Be respectful in messages (${Date.now()})`;
    expect((await admin.request.post(`/api/admin/members/${me.id}/warn`, { data: { reason } })).status()).toBe(200);

    // The members page finds him by his email.
    await admin.goto("/admin/members");
    await admin.getByRole("searchbox", { name: "Search" }).fill(email);
    const found = admin.getByRole("table", { name: /All members matching/ }).getByRole("row").filter({ hasText: email });
    await expect(found).toBeVisible();
    await expect(found.getByRole("link")).toHaveAttribute("href", `/admin/members/${me.id}`);

    await admin.goto("/admin");
    await expect(admin.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
    await expect(admin.getByRole("link", { name: /Sign-ups today/ })).toContainText(/\d/);
    await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit log" }).click();
    await expect(admin).toHaveURL("/admin/audit");
    await admin.getByRole("combobox", { name: "Action" }).click();
    await admin.getByRole("option", { name: "Warned" }).click();
    const row = admin.getByRole("row").filter({ hasText: reason });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Warned");
    await expect(row.getByRole("link")).toHaveAttribute("href", `/admin/members/${me.id}`);
    // Nothing but warnings is listed.
    await expect(admin.getByRole("row").filter({ hasNotText: "Warned" })).toHaveCount(1); // the header row
  } finally {
    await adminContext.close();
    await memberContext.close();
  }
});
