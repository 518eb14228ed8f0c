import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
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

test("a member creates a group by request with the form; a second asks to join and is approved on the Manage page; they chat in the group, sender named; the owner removes a message and both see it gone; opened to all, a third joins and sends a picture both get live; a removed member stops receiving and gets 403 on the history", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await member(browser, "owner");
  const ben = await member(browser, "ben");
  let cal: Awaited<ReturnType<typeof member>> | undefined;
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
    const group = (await (
      await owner.page.request.get(owner.page.url().replace(/.*\/groups\//, "/api/groups/"))
    ).json()) as { id: string; conversationId: string; joinPolicy: string; interests: string[] };
    expect(group).toMatchObject({ joinPolicy: "request", interests: ["running"] });

    // Ben finds it by name and asks to join.
    await ben.page.goto("/groups");
    await ben.page.getByRole("searchbox", { name: "Search groups" }).fill(name);
    await ben.page.getByRole("link", { name }).click();
    await expect(ben.page).toHaveURL(`/groups/${group.id}`);
    await ben.page.getByRole("button", { name: "Request to join" }).click();
    await expect(ben.page.getByText("Request sent: a moderator will answer.")).toBeVisible();

    // The owner sees one request waiting on the group's page, and approves it on the Manage page.
    await owner.page.goto(`/groups/${group.id}`);
    await expect(owner.page.getByText("You are the owner.")).toBeVisible();
    await expect(owner.page.getByRole("link", { name: /Manage/ })).toContainText("1");
    await owner.page.getByRole("link", { name: /Manage/ }).click();
    const requests = owner.page.getByRole("list", { name: "Requests to join" });
    await requests.getByRole("button", { name: /^Approve ben\./ }).click();
    await expect(owner.page.getByText("No requests waiting")).toBeVisible();

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
    await owner.page
      .getByRole("dialog", { name: "Remove this message?" })
      .getByRole("button", { name: "Remove message" })
      .click();
    await expect(ownerThread.getByTestId("message-removed")).toBeVisible();
    const benThread = ben.page.getByRole("log", { name: `Messages with ${name}` });
    await expect(benThread.getByTestId("message-removed")).toHaveText("Message removed by a moderator");
    await expect(benThread.getByText("Hi all, see you Saturday")).toHaveCount(0);

    // The owner opens the group to all with the form; a third member joins at once.
    await owner.page.goto(`/groups/${group.id}/edit`);
    await owner.page.getByRole("radio", { name: /Anyone can join/ }).check();
    await owner.page.getByRole("button", { name: "Save changes" }).click();
    await expect(owner.page).toHaveURL(`/groups/${group.id}`);
    cal = await member(browser, "cal");
    await cal.page.goto(`/groups/${group.id}`);
    await cal.page.getByRole("button", { name: "Join", exact: true }).click();
    await expect(cal.page.getByText("You are a member.")).toBeVisible();

    // Cal sends a picture to the group chat: the owner (back in it) and Ben (there all along) get it live.
    await owner.page.goto(`/messages/${group.conversationId}`);
    await expect(ownerThread).toBeVisible();
    await cal.page.getByRole("button", { name: "Group chat" }).click();
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2a9d8f" } })
      .jpeg()
      .toBuffer();
    await cal.page
      .getByTestId("composer-file-input")
      .setInputFiles({ name: "river.jpg", mimeType: "image/jpeg", buffer: picture });
    await expect(cal.page.getByRole("button", { name: "Remove picture" })).toBeVisible();
    await cal.page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(
      cal.page.getByRole("log", { name: `Messages with ${name}` }).getByRole("img", { name: "Picture you sent" }),
    ).toBeVisible();
    await expect(ownerThread.getByRole("img", { name: /^Picture from cal\./ })).toBeVisible();
    await expect(benThread.getByRole("img", { name: /^Picture from cal\./ })).toBeVisible();

    // The owner removes Ben on the Manage page: Ben stops receiving at once and his history answers 403.
    await owner.page.goto(`/groups/${group.id}/manage`);
    await owner.page.getByRole("tab", { name: "Members" }).click();
    await owner.page
      .getByRole("list", { name: "Members" })
      .getByRole("button", { name: /^Options for ben\./ })
      .click();
    await owner.page.getByRole("menuitem", { name: "Remove from the group" }).click();
    await owner.page
      .getByRole("dialog", { name: /^Remove ben\./ })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(owner.page.getByRole("list", { name: "Members" }).getByText(/^ben\./)).toHaveCount(0);
    await cal.page.getByRole("textbox", { name: "Message" }).fill("Only members read this");
    await cal.page.getByRole("textbox", { name: "Message" }).press("Enter");
    await owner.page.goto(`/messages/${group.conversationId}`);
    await expect(
      owner.page.getByRole("log", { name: `Messages with ${name}` }).getByText("Only members read this"),
    ).toBeVisible();
    await expect(benThread.getByText("Only members read this")).toHaveCount(0);
    const history = await ben.page.request.get(`/api/conversations/${group.conversationId}/messages`);
    expect(history.status()).toBe(403);
    expect(typeof ((await history.json()) as { message: unknown }).message).toBe("string");
  } finally {
    await owner.close();
    await ben.close();
    await cal?.close();
  }
});
