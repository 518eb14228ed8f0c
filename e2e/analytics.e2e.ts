import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-account";
import { signInOnAuth, signUpOnAuth, skipOnboarding } from "./helpers";

/** A figure as the page shows it, as a number ("1,204" → 1204). */
async function figure(page: Page, id: string): Promise<number> {
  const text = (await page.locator(`[data-figure="${id}"]`).textContent()) ?? "";
  return Number(text.replace(/[^0-9.]/g, ""));
}

test("an admin opens the analytics, changes the range, sees the sign-ups, messages and a report the test made, and downloads a CSV", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all(
    [0, 1, 2].map(() => browser.newContext({ timezoneId: "UTC", acceptDownloads: true })),
  );
  try {
    const [admin, alice, bob] = await Promise.all(contexts.map((c) => c.newPage()));
    await signInOnAuth(admin!, E2E_ADMIN.email, E2E_ADMIN.password);
    await skipOnboarding(admin!);

    // The default range (the last 30 days), then the last 7: the address keeps the choice.
    await admin!.goto("/admin/analytics");
    await expect(admin!.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(admin!.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    await admin!.getByRole("button", { name: "Last 7 days" }).click();
    await expect(admin!).toHaveURL(/\/admin\/analytics\?range=7$/);
    await expect(admin!.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(admin!.getByText(/against the previous 7 days/)).toBeVisible();
    // Until the new range's figures come, the page shows the last ones, dimmed and busy.
    await expect(admin!.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(admin!.locator('[data-figure="signups"]')).toBeVisible();
    const before = {
      signups: await figure(admin!, "signups"),
      messages: await figure(admin!, "messages"),
      reports: await figure(admin!, "reports"),
    };

    // Two sign-ups, three messages between them, one report.
    const stamp = Date.now();
    await signUpOnAuth(alice!, `analytics.alice.${stamp}@example.com`);
    await skipOnboarding(alice!);
    await signUpOnAuth(bob!, `analytics.bob.${stamp}@example.com`);
    await skipOnboarding(bob!);
    const bobMe = (await (await bob!.request.get("/api/auth/user")).json()) as { id: string };
    const aliceMe = (await (await alice!.request.get("/api/auth/user")).json()) as { id: string };
    const conversation = (await (
      await alice!.request.post("/api/conversations", { data: { userId: bobMe.id } })
    ).json()) as { id: string };
    const history = async () =>
      (await (await bob!.request.get(`/api/conversations/${conversation.id}/messages`)).json()) as Array<{
        content: string;
      }>;
    const send = async (page: Page, text: string) => {
      await page.goto(`/messages/${conversation.id}`);
      await page.getByRole("textbox", { name: "Message" }).fill(text);
      await page.getByRole("textbox", { name: "Message" }).press("Enter");
      await expect.poll(async () => (await history()).some((m) => m.content === text)).toBe(true);
    };
    await send(alice!, `Hi Bob ${stamp}`);
    await send(alice!, `Free tonight? ${stamp}`);
    await send(bob!, `Sure ${stamp}`);
    expect(
      (
        await bob!.request.post(`/api/users/${aliceMe.id}/report`, {
          data: { reason: "spam", details: "Analytics test" },
        })
      ).status(),
    ).toBe(201);

    // The page counts them (it rolls up what is waiting when asked).
    await admin!.reload();
    await expect.poll(() => figure(admin!, "signups")).toBe(before.signups + 2);
    expect(await figure(admin!, "messages")).toBe(before.messages + 3);
    expect(await figure(admin!, "reports")).toBe(before.reports + 1);

    // The sign-ups chart's table, and its CSV: today's row holds the two sign-ups at least.
    const card = admin!.getByRole("region", { name: "Sign-ups", exact: true });
    await card.getByRole("button", { name: "Show the table" }).click();
    await expect(card.getByRole("table", { name: "Sign-ups, day by day" }).getByRole("row")).toHaveCount(8);
    const [download] = await Promise.all([
      admin!.waitForEvent("download"),
      card.getByRole("link", { name: "CSV of sign-ups" }).click(),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^sign-ups-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
    const csv = readFileSync((await download.path())!, "utf8")
      .trimEnd()
      .split("\r\n");
    expect(csv[0]).toBe("Day,Sign-ups,Day before,Sign-ups (before)");
    expect(csv).toHaveLength(8);
    const todayRow = csv.find((line) => line.startsWith(`${today},`))!.split(",");
    expect(Number(todayRow[1])).toBeGreaterThanOrEqual(2);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
