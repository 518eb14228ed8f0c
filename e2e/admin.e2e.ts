import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { PASSWORD, signInOnAuth, signUpOnAuth, skipOnboarding } from "./helpers";

test("an admin finds a member by email, warns him (he sees it at once and at his next visit until he acknowledges it), then suspends him for 7 days: his open page is signed out at once and his sign-in says why; the audit log shows both; a member is refused the admin pages and calls", async ({
  browser,
}) => {
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
    expect((await member.request.post(`/api/admin/members/${me.id}/warn`, { data: { reason: "self" } })).status()).toBe(
      403,
    );
    await member.goto("/");
    await expect(member.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);

    // The admin finds him by his email on the members page and opens his page.
    const admin = await adminContext.newPage();
    await signInOnAuth(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await skipOnboarding(admin);
    await admin.goto("/admin/members");
    await admin.getByRole("searchbox", { name: "Search" }).fill(email);
    const found = admin
      .getByRole("table", { name: /All members matching/ })
      .getByRole("row")
      .filter({ hasText: email });
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

    // He sees it on his open page at once, and again at his next visit until he acknowledges it.
    const told = member.getByRole("alertdialog", { name: "A warning from our moderators" });
    await expect(told.getByTestId("warning-reason")).toHaveText(warning);
    await member.reload();
    await expect(told.getByTestId("warning-reason")).toHaveText(warning);
    await told.getByRole("button", { name: "I understand" }).click();
    await expect(told).toBeHidden();
    await member.reload();
    await expect(member.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);
    await expect(told).toHaveCount(0);

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
    await expect(member.getByRole("alert")).toContainText(
      new RegExp(`This account is suspended until \\d{4}-\\d{2}-\\d{2}: ${reason}`),
    );

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

test("a member reports a message; an admin sees it in its conversation on the content audit, removes it and suspends the sender for 7 days; the reporter is told the outcome; the log shows it", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext({ timezoneId: "UTC" })));
  try {
    const [reporter, sender, admin] = await Promise.all(contexts.map((c) => c.newPage()));
    await signUpOnAuth(reporter!, `reporter.${Date.now()}@example.com`);
    await skipOnboarding(reporter!);
    await signUpOnAuth(sender!, `sender.${Date.now()}@example.com`);
    await skipOnboarding(sender!);
    const senderMe = (await (await sender!.request.get("/api/auth/user")).json()) as { id: string; username: string };
    const reporterMe = (await (await reporter!.request.get("/api/auth/user")).json()) as { id: string };

    // The sender writes to the reporter; the reporter reports that message.
    const opened = await sender!.request.post("/api/conversations", { data: { userId: reporterMe.id } });
    const conversation = (await opened.json()) as { id: string };
    const threat = `You'll regret ignoring me ${Date.now()}`;
    await sender!.goto(`/messages/${conversation.id}`);
    await sender!.getByRole("textbox", { name: "Message" }).fill(threat);
    await sender!.getByRole("textbox", { name: "Message" }).press("Enter");
    const history = async () =>
      (await (await reporter!.request.get(`/api/conversations/${conversation.id}/messages`)).json()) as Array<{
        id: number;
        content: string;
      }>;
    await expect.poll(async () => (await history()).some((m) => m.content === threat)).toBe(true);
    const message = (await history()).find((m) => m.content === threat)!;
    expect(
      (
        await reporter!.request.post(`/api/users/${senderMe.id}/report`, {
          data: { reason: "harassment", details: "Threats", messageId: message.id },
        })
      ).status(),
    ).toBe(201);

    // The admin finds it in the queue with the message itself, removes it and suspends the sender.
    await signInOnAuth(admin!, E2E_ADMIN.email, E2E_ADMIN.password);
    await skipOnboarding(admin!);
    await admin!.goto("/admin/content?kind=message");
    const card = admin!.getByRole("article", { name: `Message report on ${senderMe.username}` });
    await expect(card.getByRole("list", { name: "The conversation, up to the reported message" })).toContainText(
      threat,
    );
    await card.getByRole("button", { name: "Act…" }).click();
    const dialog = admin!.getByRole("dialog", { name: "Act on this report" });
    await expect(dialog.getByRole("checkbox", { name: "Remove the content" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Suspend the member" }).click();
    await dialog.getByRole("textbox", { name: /Reason/ }).fill("Threats after a clear no");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(0);

    // The sender is suspended (his calls are refused); the message is gone; the reporter is told.
    expect((await sender!.request.get("/api/auth/user")).status()).toBe(401);
    await reporter!.goto("/");
    await reporter!.getByRole("button", { name: /^Notifications, 1 unread/ }).click();
    await expect(reporter!.getByText("Thanks for your report: our moderators took action.")).toBeVisible();
    expect((await history()).some((m) => m.content === threat)).toBe(false);

    // The audit log has both the removal and the suspension.
    await admin!.goto("/admin/audit");
    await expect(admin!.getByRole("row").filter({ hasText: "Removed a message" }).first()).toBeVisible();
    await expect(
      admin!.getByRole("row").filter({ hasText: "Threats after a clear no" }).filter({ hasText: "Suspended" }),
    ).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
