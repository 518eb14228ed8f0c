import { expect, test, type Browser, type Page, type WebSocketRoute } from "@playwright/test";
import sharp from "sharp";

const PASSWORD = "a long and unusual passphrase";

/** A signed-in member in his own browser context, past onboarding (he has a first name). */
async function member(browser: Browser, firstName: string, phone = false): Promise<{ page: Page; id: string }> {
  const context = await browser.newContext(
    phone
      ? {
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          userAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
        }
      : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const res = await page.request.post("/api/register", { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  expect(
    (await page.request.put("/api/users/profile", { data: { firstName, age: 30, bio: `I am ${firstName}` } })).status(),
  ).toBe(200);
  return { page, id: ((await res.json()) as { id: string }).id };
}

test("one member messages another, attaches a picture, sees it read; the other sees it live with an unread badge", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await member(browser, "Alice");
  const bob = await member(browser, "Bob");

  // Bob is on his home page when the message arrives.
  await bob.page.goto("/");
  await expect(bob.page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Bob!");

  // Alice opens Bob's profile and presses Message: the conversation opens.
  await alice.page.goto(`/members/${bob.id}`);
  await alice.page.getByRole("button", { name: "Message" }).click();
  await expect(alice.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const aliceLog = alice.page.getByRole("log", { name: "Messages with Bob" });
  await expect(aliceLog).toBeVisible();

  await alice.page.getByRole("textbox", { name: "Message" }).fill("Hi Bob! Coffee later?");
  await alice.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(aliceLog.getByText("Hi Bob! Coffee later?")).toBeVisible();
  await expect(aliceLog.getByRole("img", { name: "Sent" }).last()).toBeVisible();

  // A picture: progress, preview, then sent.
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
  await alice.page
    .getByTestId("composer-file-input")
    .setInputFiles({ name: "pier.jpg", mimeType: "image/jpeg", buffer: picture });
  await expect(alice.page.getByRole("button", { name: "Remove picture" })).toBeVisible();
  await alice.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(aliceLog.getByRole("img", { name: "Picture you sent" })).toBeVisible();

  // Bob: the unread badge in the inbox, then the conversation, live.
  await bob.page.goto("/messages");
  const conversations = bob.page.getByRole("list", { name: "Conversations" });
  await expect(conversations.getByText("Alice")).toBeVisible();
  await expect(conversations.getByRole("listitem").filter({ hasText: "Alice" })).toContainText("2 unread");
  await conversations.getByText("Alice").click();
  const bobLog = bob.page.getByRole("log", { name: "Messages with Alice" });
  await expect(bobLog.getByText("Hi Bob! Coffee later?")).toBeVisible();
  await expect(bobLog.getByRole("img", { name: "Picture from Alice" })).toBeVisible();

  // Alice sees both read.
  await expect(aliceLog.getByRole("img", { name: "Read" })).toHaveCount(2);

  // Bob types: Alice sees it; Bob answers: Alice gets it live.
  await bob.page.getByRole("textbox", { name: "Message" }).pressSequentially("Sure, 3pm", { delay: 20 });
  await expect(aliceLog.getByText(/is typing/)).toBeVisible();
  await bob.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(aliceLog.getByText("Sure, 3pm")).toBeVisible();
  await expect(aliceLog.getByText(/is typing/)).toBeHidden();

  // Shift+Enter is a new line, not a send.
  await alice.page.getByRole("textbox", { name: "Message" }).fill("line one");
  await alice.page.getByRole("textbox", { name: "Message" }).press("Shift+Enter");
  await alice.page.getByRole("textbox", { name: "Message" }).pressSequentially("line two");
  await expect(alice.page.getByRole("textbox", { name: "Message" })).toHaveValue("line one\nline two");
  await alice.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(bobLog.getByText(/line one\s+line two/)).toBeVisible();
});

test("a message written while offline waits in the outbox across a reload and goes when back online", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await member(browser, "Carla");
  const bob = await member(browser, "Dan");
  const opened = await alice.page.request.post("/api/conversations", { data: { userId: bob.id } });
  const conversationId = ((await opened.json()) as { id: string }).id;
  // The socket goes through Playwright, so the test can drop it: offline emulation alone leaves an
  // open WebSocket up until socket.io's ping times out (up to 45 s).
  let offline = false;
  const sockets = new Set<WebSocketRoute>();
  await alice.page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (offline) return void ws.close();
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      ws.send(message);
      // socket.io's CONNECT packet ("40{sid}"): the member is connected, not still connecting.
      if (typeof message === "string" && message.startsWith("40")) sockets.add(ws);
    });
  });
  await alice.page.goto(`/messages/${conversationId}`);
  const log = alice.page.getByRole("log", { name: "Messages with Dan" });
  await expect(log).toBeVisible();
  // Drop the socket once socket.io is connected on it (it opens on the WebSocket; long-polling is
  // only its fallback).
  await expect.poll(() => sockets.size, { timeout: 10_000 }).toBeGreaterThan(0);

  offline = true;
  await alice.page.context().setOffline(true);
  for (const ws of sockets) await ws.close();
  sockets.clear();
  await expect(alice.page.getByText(/Reconnecting/).first()).toBeVisible({ timeout: 15_000 });
  await alice.page.getByRole("textbox", { name: "Message" }).fill("Sent from the tunnel");
  await alice.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(log.getByRole("img", { name: "Sending" })).toBeVisible();

  offline = false;
  await alice.page.context().setOffline(false);
  await alice.page.reload();
  await expect(log.getByText("Sent from the tunnel")).toBeVisible();
  await expect(log.getByRole("img", { name: "Sent" })).toBeVisible({ timeout: 15_000 });

  await bob.page.goto(`/messages/${conversationId}`);
  await expect(
    bob.page.getByRole("log", { name: "Messages with Carla" }).getByText("Sent from the tunnel"),
  ).toHaveCount(1);
});

test("on a phone a long conversation fills the screen: it opens at the newest message, the composer on screen", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await member(browser, "Eve", true);
  const bob = await member(browser, "Finn");
  const opened = await alice.page.request.post("/api/conversations", { data: { userId: bob.id } });
  const conversationId = ((await opened.json()) as { id: string }).id;
  await alice.page.goto(`/messages/${conversationId}`);
  const box = alice.page.getByRole("textbox", { name: "Message" });
  for (let i = 1; i <= 25; i++) {
    await box.fill(`Line ${i} of a long evening`);
    await box.press("Enter");
  }
  const log = alice.page.getByRole("log", { name: "Messages with Finn" });
  await expect(log.getByRole("img", { name: "Sent" })).toHaveCount(25, { timeout: 15_000 });

  await alice.page.reload();
  await expect(log.getByText("Line 25 of a long evening")).toBeInViewport();
  await expect(box).toBeInViewport();
  // The thread scrolls inside the screen; the page itself does not grow with it.
  const sizes = await alice.page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    screen: window.innerHeight,
  }));
  expect(sizes.page).toBeLessThanOrEqual(sizes.screen);
  await expect(log.getByText("Line 1 of a long evening")).not.toBeInViewport();
});

test("the first name a member gives is the name everyone sees: his home, the nearby list another gets, his profile and the conversation", async ({
  browser,
}) => {
  const rafael = await member(browser, "Rafael");
  const other = await member(browser, "Otto");
  const here = { latitude: 30.3322, longitude: -81.6557 };
  for (const m of [rafael, other])
    expect((await m.page.request.put("/api/users/location", { data: here })).status()).toBe(200);

  await rafael.page.goto("/");
  await expect(rafael.page.getByRole("heading", { level: 1 })).toHaveText("Welcome back, Rafael!");

  await other.page.goto(`/members/${rafael.id}`);
  await expect(other.page.getByRole("heading", { level: 1 })).toContainText("Rafael");
  const nearby = (await (
    await other.page.request.get(`/api/users/nearby?latitude=${here.latitude}&longitude=${here.longitude}&radius=5`)
  ).json()) as Array<{ id: string; displayName: string | null }>;
  expect(nearby.find((u) => u.id === rafael.id)?.displayName).toBe("Rafael");
  await other.page.getByRole("button", { name: "Message" }).click();
  await expect(other.page.getByRole("log", { name: "Messages with Rafael" })).toBeVisible();
  await other.page.goto("/messages");
  await expect(other.page.getByRole("list", { name: "Conversations" }).getByText("Rafael")).toBeVisible();
  await Promise.all([rafael.page.context().close(), other.page.context().close()]);
});

test("presence agrees across screens: the conversation's header and the inbox row say the same, live, as the other comes and goes", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const kim = await member(browser, "Kim");
  const lee = await member(browser, "Lee");
  const opened = await kim.page.request.post("/api/conversations", { data: { userId: lee.id } });
  const conversation = (await opened.json()) as { id: string };
  // Lee is in the app (his socket open, his first heartbeat answered): online. A heartbeat still on
  // its way when he leaves would say he is back.
  const beat = lee.page.waitForResponse((r) => r.url().endsWith("/api/heartbeat") && r.ok());
  // His socket is connected (the server acknowledged it: "40"): only its closing can tell the others he left. It
  // connects after the first paint; a Lee who left before it did would stay "online" for the heartbeat's window (CI
  // once saw that: Kim's screens still said online 15 s after Lee left).
  const connected = lee.page
    .waitForEvent("websocket")
    .then((ws) => ws.waitForEvent("framereceived", { predicate: (frame) => String(frame.payload).startsWith("40") }));
  await lee.page.goto("/messages");
  await expect(lee.page.getByRole("list", { name: "Conversations" })).toBeVisible();
  await Promise.all([beat, connected]);

  await kim.page.goto(`/messages/${conversation.id}`);
  const header = kim.page.getByRole("region", { name: "Conversation with Lee" });
  const row = kim.page.getByRole("list", { name: "Conversations" }).getByRole("listitem").filter({ hasText: "Lee" });
  await expect(header.getByText("Online", { exact: true })).toBeVisible();
  await expect(row).toContainText(", online");

  // Lee leaves: both say so without a reload.
  await lee.page.goto("about:blank");
  await expect(header.getByText("Offline", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row).not.toContainText(", online");

  // He is back.
  await lee.page.goto("/messages");
  await expect(header.getByText("Online", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText(", online");
  await Promise.all([kim.page.context().close(), lee.page.context().close()]);
});

test("a member takes a message back: the other, on his phone, sees it removed live, and it stays gone after a reload", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await member(browser, "Alice");
  const bob = await member(browser, "Bob", true);

  await alice.page.goto(`/members/${bob.id}`);
  await alice.page.getByRole("button", { name: "Message" }).click();
  await expect(alice.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationPath = new URL(alice.page.url()).pathname;
  const aliceLog = alice.page.getByRole("log", { name: "Messages with Bob" });
  await alice.page.getByRole("textbox", { name: "Message" }).fill("Meet at the dunes at 9");
  await alice.page.getByRole("textbox", { name: "Message" }).press("Enter");
  await expect(aliceLog.getByRole("img", { name: "Sent" }).last()).toBeVisible();

  // Bob has the conversation open on his phone.
  await bob.page.goto(conversationPath);
  const bobLog = bob.page.getByRole("log", { name: "Messages with Alice" });
  await expect(bobLog.getByText("Meet at the dunes at 9")).toBeVisible();
  // His phone offers him nothing on her message.
  await expect(bobLog.getByRole("button", { name: /^Options for/ })).toHaveCount(0);

  // Alice takes it back.
  await aliceLog.getByRole("button", { name: "Options for your message" }).click();
  await alice.page.getByRole("menuitem", { name: "Unsend" }).click();
  await alice.page
    .getByRole("dialog", { name: "Unsend this message?" })
    .getByRole("button", { name: "Unsend" })
    .click();
  await expect(aliceLog.getByTestId("message-removed")).toHaveText("You unsent a message");
  await expect(alice.page.getByText("Message unsent", { exact: true })).toBeVisible();

  // Bob sees it go, live, and it stays gone.
  await expect(bobLog.getByTestId("message-removed")).toHaveText("Message removed");
  await expect(bobLog.getByText("Meet at the dunes at 9")).toHaveCount(0);
  await bob.page.reload();
  await expect(bob.page.getByRole("log", { name: "Messages with Alice" }).getByTestId("message-removed")).toHaveText(
    "Message removed",
  );
  await expect(bob.page.getByText("Meet at the dunes at 9")).toHaveCount(0);
});

test("a member saves a phrase from the composer on his phone and sends it later with one tap; it stays his across a reload", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await member(browser, "Alice", true);
  const bob = await member(browser, "Bob");
  await alice.page.goto(`/members/${bob.id}`);
  await alice.page.getByRole("button", { name: "Message" }).click();
  await expect(alice.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const field = alice.page.getByRole("textbox", { name: "Message" });

  // What she is writing becomes a saved phrase.
  await field.fill("Running late, 10 minutes!");
  await alice.page.getByRole("button", { name: "Saved phrases" }).click();
  const sheet = alice.page.getByRole("dialog", { name: "Saved phrases" });
  await expect(sheet.getByRole("heading", { name: "No saved phrases yet" })).toBeVisible();
  await expect(sheet.getByRole("textbox", { name: "Save a phrase" })).toHaveValue("Running late, 10 minutes!");
  await sheet.getByRole("button", { name: "Save", exact: true }).click();
  await expect(sheet.getByRole("list", { name: "Saved phrases" })).toContainText("Running late, 10 minutes!");
  await alice.page.keyboard.press("Escape");
  // Saving a phrase sent nothing: her message is still hers to send or not.
  const log = alice.page.getByRole("log", { name: "Messages with Bob" });
  await expect(field).toHaveValue("Running late, 10 minutes!");
  await expect(log.getByTestId("message-text")).toHaveCount(0);
  await field.fill("");

  // After a reload, one tap puts it in the message; she sends it.
  await alice.page.reload();
  await alice.page.getByRole("button", { name: "Saved phrases" }).click();
  await alice.page
    .getByRole("dialog", { name: "Saved phrases" })
    .getByRole("button", { name: "Running late, 10 minutes!", exact: true })
    .click();
  await expect(field).toHaveValue("Running late, 10 minutes!");
  await field.press("Enter");
  await expect(log.getByText("Running late, 10 minutes!")).toBeVisible();

  // Bob has none of hers.
  const his = await bob.page.request.get("/api/phrases");
  expect(await his.json()).toEqual({ phrases: [] });
});

test("a picture sent view once: the other opens it once on his phone, the sender sees it opened live, and it cannot be opened again", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const alice = await member(browser, "Alice");
  const bob = await member(browser, "Bob", true);

  await alice.page.goto(`/members/${bob.id}`);
  await alice.page.getByRole("button", { name: "Message" }).click();
  await expect(alice.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const conversationPath = new URL(alice.page.url()).pathname;
  const aliceLog = alice.page.getByRole("log", { name: "Messages with Bob" });

  // Alice attaches a picture and sends it "view once".
  const picture = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#cc3366" } })
    .jpeg()
    .toBuffer();
  await alice.page
    .getByTestId("composer-file-input")
    .setInputFiles({ name: "once.jpg", mimeType: "image/jpeg", buffer: picture });
  await alice.page.getByRole("button", { name: "View once", exact: true }).click();
  await expect(alice.page.getByRole("button", { name: "View once", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await alice.page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(aliceLog.getByTestId("view-once-picture")).toContainText("Not opened yet");

  // Bob, on his phone: a tile to tap, no picture loaded before.
  await bob.page.goto(conversationPath);
  const bobLog = bob.page.getByRole("log", { name: "Messages with Alice" });
  const open = bobLog.getByRole("button", { name: /^Open the picture from Alice/ });
  await expect(open).toBeVisible();
  await expect(bobLog.getByRole("img", { name: "Picture from Alice" })).toHaveCount(0);
  await open.click();
  const viewer = bob.page.getByRole("dialog", { name: "Picture from Alice" });
  await expect(viewer.getByRole("img", { name: "Picture from Alice, seen once" })).toBeVisible();
  // Its picture really loaded (the server served it during the showing).
  await expect
    .poll(() => viewer.getByTestId("view-once-image").evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);

  // Alice sees it opened, live.
  await expect(aliceLog.getByTestId("view-once-picture")).toContainText("Opened");

  // Bob closes it: "Opened", nothing to tap, also after a reload; the server refuses a second opening.
  await viewer.getByRole("button", { name: "Close the picture" }).click();
  await expect(viewer).toBeHidden();
  await expect(bobLog.getByTestId("view-once-picture")).toContainText("Opened");
  await bob.page.reload();
  const reloaded = bob.page.getByRole("log", { name: "Messages with Alice" });
  await expect(reloaded.getByTestId("view-once-picture")).toContainText("Opened");
  await expect(reloaded.getByRole("button", { name: /^Open the picture/ })).toHaveCount(0);
  const history = (await (
    await bob.page.request.get(`/api${conversationPath.replace("/messages/", "/conversations/")}/messages`)
  ).json()) as Array<{ id: number }>;
  const again = await bob.page.request.post(
    `/api${conversationPath.replace("/messages/", "/conversations/")}/messages/${history[0]!.id}/open`,
  );
  expect(again.status()).toBe(409);
});
