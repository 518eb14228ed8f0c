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

test("a member creates a group by request with the form; a second asks to join and is approved; they chat in the group, sender named; the owner removes a message and both see it gone", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await member(browser, "owner");
  const ben = await member(browser, "ben");
  try {
    const name = `Riverside Runners ${Date.now() % 100000}`;
    // The owner creates it with the form: by request, with an interest, at his position.
    await owner.page.goto("/groups");
    await owner.page.getByRole("link", { name: "Create a group" }).first().click();
    await expect(owner.page).toHaveURL("/groups/new");
    const form = owner.page.getByRole("form", { name: "Create a group" });
    await form.getByRole("textbox", { name: /Name/ }).fill(name);
    await form.getByRole("textbox", { name: "Description" }).fill("We run by the river on Saturdays.");
    await form.getByRole("textbox", { name: "Rules" }).fill("Be kind.");
    await form.getByRole("textbox", { name: "Interests" }).fill("Running");
    await form.getByRole("textbox", { name: "Interests" }).press("Enter");
    await expect(form.getByRole("list", { name: "The group's interests" })).toHaveText("running");
    await form.getByRole("radio", { name: /Members ask to join/ }).check();
    await form.getByRole("button", { name: "Create group" }).click();
    await expect(owner.page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
    await expect(owner.page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const group = (await (await owner.page.request.get(owner.page.url().replace(/.*\/groups\//, "/api/groups/"))).json()) as { id: string; conversationId: string; joinPolicy: string; interests: string[] };
    expect(group).toMatchObject({ joinPolicy: "request", interests: ["running"] });

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
