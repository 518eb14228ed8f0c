import { expect, test, type Browser, type Page } from "@playwright/test";
import { signUpOnAuth, skipOnboarding } from "./helpers";

const HERE = { latitude: 30.3322, longitude: -81.6557 };
test.use({ geolocation: HERE, permissions: ["geolocation"] });

/** A member of his own browser context (his own cookies), signed up and placed in Jacksonville. */
async function member(browser: Browser, name: string): Promise<{ page: Page; id: string; close(): Promise<void> }> {
  const context = await browser.newContext({ geolocation: HERE, permissions: ["geolocation"], timezoneId: "UTC" });
  const page = await context.newPage();
  await signUpOnAuth(page, `${name}.${Date.now()}@example.com`);
  await skipOnboarding(page);
  expect((await page.request.put("/api/users/location", { data: HERE })).status()).toBe(200);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  return { page, id: me.id, close: () => context.close() };
}

test("a member asks to join a group by request and is approved; they chat in the group, sender named; the owner removes a message and both see it gone", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await member(browser, "owner");
  const ben = await member(browser, "ben");
  try {
    const name = `Riverside Runners ${Date.now() % 100000}`;
    const made = await owner.page.request.post("/api/groups", {
      data: { name, description: "We run by the river on Saturdays.", rules: "Be kind.", interests: ["running"], joinPolicy: "request", home: HERE, coverMediaId: null },
    });
    expect(made.status()).toBe(201);
    const group = (await made.json()) as { id: string; conversationId: string };

    // Ben finds it by name and asks to join.
    await ben.page.goto("/groups");
    await ben.page.getByRole("searchbox", { name: "Search groups" }).fill(name);
    await ben.page.getByRole("link", { name }).click();
    await expect(ben.page).toHaveURL(`/groups/${group.id}`);
    await ben.page.getByRole("button", { name: "Request to join" }).click();
    await expect(ben.page.getByText("Request sent: a moderator will answer.")).toBeVisible();

    // The owner sees one request waiting on the group's page, and approves it.
    await owner.page.goto(`/groups/${group.id}`);
    await expect(owner.page.getByText("You are the owner.")).toBeVisible();
    await expect(owner.page.getByRole("link", { name: /Manage/ })).toContainText("1");
    expect((await owner.page.request.post(`/api/groups/${group.id}/requests/${ben.id}/approve`)).status()).toBe(200);

    // Ben is in: he opens the group chat from the group's page and writes.
    await ben.page.reload();
    await expect(ben.page.getByText("You are a member.")).toBeVisible();
    await ben.page.getByRole("button", { name: "Group chat" }).click();
    await expect(ben.page).toHaveURL(`/messages/${group.conversationId}`);
    await owner.page.goto(`/messages/${group.conversationId}`);
    const ownerThread = owner.page.getByRole("log", { name: `Messages with ${name}` });
    await expect(ownerThread).toBeVisible();
    await ben.page.getByRole("textbox", { name: "Message" }).fill("Hi all, see you Saturday");
    await ben.page.getByRole("textbox", { name: "Message" }).press("Enter");

    // The owner gets it live, named by its sender; he removes it and both see it gone.
    await expect(ownerThread.getByText("Hi all, see you Saturday")).toBeVisible();
    await expect(ownerThread.getByTestId("message-sender")).toHaveText(/^ben\./);
    await ownerThread.getByRole("button", { name: /^Options for ben\..*'s message$/ }).click();
    await owner.page.getByRole("menuitem", { name: "Remove message" }).click();
    await owner.page.getByRole("dialog", { name: "Remove this message?" }).getByRole("button", { name: "Remove message" }).click();
    await expect(ownerThread.getByTestId("message-removed")).toBeVisible();
    const benThread = ben.page.getByRole("log", { name: `Messages with ${name}` });
    await expect(benThread.getByTestId("message-removed")).toHaveText("Message removed by a moderator");
    await expect(benThread.getByText("Hi all, see you Saturday")).toHaveCount(0);
  } finally {
    await owner.close();
    await ben.close();
  }
});
