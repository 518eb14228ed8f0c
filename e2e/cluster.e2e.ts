import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { startCluster, type Cluster, type ClusterNode } from "../scripts/cluster";
import { PASSWORD, signUpOnAuth, skipOnboarding } from "./helpers";

/**
 * The scale-out set-up of `npm run cluster`: nginx in front of two production
 * nodes on PostgreSQL and Redis. Members on different nodes chat in a group through the Redis
 * adapter; the node of one of them is killed with SIGKILL and his page comes back through nginx
 * on the other, nothing lost or doubled.
 */
const ADMIN_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "vicinity_e2e_cluster";
const HERE = { latitude: 30.3322, longitude: -81.6557 };

async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Sockets open on a node, from its own metrics. */
async function socketsOn(node: ClusterNode): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${node.metricsPort}/metrics`)).text();
  return Number(/^socketio_sockets_open (\d+)/m.exec(text)?.[1] ?? NaN);
}

let cluster: Cluster;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  dir = mkdtempSync(path.join(tmpdir(), "vicinity-e2e-cluster-"));
  // The e2e server's start built the web app and the server already.
  cluster = await startCluster({
    port: 8095,
    nodePorts: [3031, 3032],
    databaseUrl: url.toString(),
    dir,
    build: false,
    seed: false,
    env: { LOG_LEVEL: "error", REGISTRATIONS_PER_HOUR: "1000" },
    log: () => undefined,
  });
});

test.afterAll(async () => {
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await adminQuery(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
});

async function member(browser: Browser, name: string): Promise<{ page: Page; id: string; email: string }> {
  const context = await browser.newContext({
    baseURL: cluster.url,
    geolocation: HERE,
    permissions: ["geolocation"],
    timezoneId: "UTC",
  });
  const page = await context.newPage();
  const email = `${name}.${Date.now()}@example.com`;
  await signUpOnAuth(page, email);
  await skipOnboarding(page);
  const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string };
  return { page, id: me.id, email };
}

test("two members on different nodes chat in a group through Redis; one node is killed and its member carries on through nginx on the other, nothing lost or doubled", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [nodeA, nodeB] = cluster.nodes as [ClusterNode, ClusterNode];
  const owner = await member(browser, "owner");
  const ben = await member(browser, "ben");
  const name = `Two Nodes ${Date.now() % 100000}`;
  const created = await owner.page.request.post("/api/groups", {
    data: { name, description: "", rules: "", interests: [], joinPolicy: "open", home: null, coverMediaId: null },
  });
  expect(created.status()).toBe(201);
  const group = (await created.json()) as { id: string; conversationId: string };
  expect((await ben.page.request.post(`/api/groups/${group.id}/join`)).status()).toBe(200);

  const thread = (page: Page) => page.getByRole("log", { name: `Messages with ${name}` });
  // The owner's page holds the only socket (Ben's page is not open yet): his node is the one with it.
  await ben.page.goto("about:blank");
  await owner.page.goto(`/messages/${group.conversationId}`);
  await expect(thread(owner.page)).toBeVisible();
  await expect.poll(async () => (await socketsOn(nodeA)) + (await socketsOn(nodeB))).toBe(1);
  const ownersNode = (await socketsOn(nodeA)) === 1 ? nodeA : nodeB;
  const bensNode = ownersNode === nodeA ? nodeB : nodeA;
  await ben.page.goto(`/messages/${group.conversationId}`);
  await expect(thread(ben.page)).toBeVisible();

  // nginx places each member's socket by his session: until Ben's is on the other node, he signs
  // in again (a new session) and comes back.
  const spread = async () => (await socketsOn(ownersNode)) === 1 && (await socketsOn(bensNode)) === 1;
  await expect.poll(async () => (await socketsOn(nodeA)) + (await socketsOn(nodeB))).toBe(2);
  for (let tries = 0; !(await spread()); tries += 1) {
    expect(tries, "a new session lands on the other node within 12 tries").toBeLessThan(12);
    await ben.page.context().clearCookies();
    expect(
      (await ben.page.request.post("/api/auth/login", { data: { email: ben.email, password: PASSWORD } })).status(),
    ).toBe(200);
    await ben.page.reload();
    await expect(thread(ben.page)).toBeVisible();
    await expect.poll(async () => (await socketsOn(nodeA)) + (await socketsOn(nodeB))).toBe(2);
  }

  const send = async (page: Page, text: string) => {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("textbox", { name: "Message" }).press("Enter");
  };
  // Across nodes, through the Redis adapter, both ways.
  await send(owner.page, "Hello from the other node");
  await expect(thread(ben.page).getByText("Hello from the other node")).toBeVisible();
  await send(ben.page, "Heard you");
  await expect(thread(owner.page).getByText("Heard you")).toBeVisible();

  // Ben's node dies without a word (SIGKILL): his page reconnects through nginx to the survivor.
  await bensNode.stop("SIGKILL");
  await expect.poll(() => socketsOn(ownersNode), { timeout: 20_000 }).toBe(2);
  await send(owner.page, "After the crash");
  await expect(thread(ben.page).getByText("After the crash")).toBeVisible();
  await send(ben.page, "Still here");
  await expect(thread(owner.page).getByText("Still here")).toBeVisible();

  // Every message once on both pages, and once in the database.
  for (const page of [owner.page, ben.page]) {
    for (const text of ["Hello from the other node", "Heard you", "After the crash", "Still here"]) {
      await expect(thread(page).getByText(text, { exact: true })).toHaveCount(1);
    }
  }
  const history = (await (
    await owner.page.request.get(`/api/conversations/${group.conversationId}/messages`)
  ).json()) as Array<{ content: string }>;
  for (const text of ["Hello from the other node", "Heard you", "After the crash", "Still here"]) {
    expect(
      history.filter((m) => m.content === text),
      text,
    ).toHaveLength(1);
  }
  await bensNode.start();
});

/** The mails the cluster's nodes kept (no SMTP_URL: each node writes them under its DATA_DIR/mail). */
function keptMails(): Array<{ to: string; subject: string; text: string; at: string }> {
  return ["node-1", "node-2"].flatMap((node) => {
    const mailDir = path.join(dir, node, "mail");
    if (!existsSync(mailDir)) return [];
    return readdirSync(mailDir)
      .filter((name) => name.endsWith(".json"))
      .map(
        (name) =>
          JSON.parse(readFileSync(path.join(mailDir, name), "utf8")) as {
            to: string;
            subject: string;
            text: string;
            at: string;
          },
      );
  });
}

test("an expired reset link is refused with a clear message, and a new one can be asked for", async ({ browser }) => {
  // On PostgreSQL, which this test reaches too, an hour can pass: the link's expiry is moved back.
  const context = await browser.newContext({ baseURL: cluster.url, timezoneId: "UTC" });
  const page = await context.newPage();
  try {
    const email = `expiring.${Date.now()}@example.com`;
    expect((await page.request.post("/api/register", { data: { email, password: PASSWORD } })).status()).toBe(201);
    await context.clearCookies();
    await page.goto("/forgot-password");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect
      .poll(() => keptMails().filter((m) => m.to === email && m.subject === "Choose a new password").length)
      .toBe(1);
    const mail = keptMails().find((m) => m.to === email && m.subject === "Choose a new password")!;
    const link = /https?:\/\/\S+/.exec(mail.text)![0];

    const database = new pg.Client({
      connectionString: (() => {
        const url = new URL(ADMIN_URL);
        url.pathname = `/${DB_NAME}`;
        return url.toString();
      })(),
    });
    await database.connect();
    try {
      const { rowCount } = await database.query(
        "UPDATE email_tokens SET expires_at = now() - interval '1 minute' FROM users WHERE users.id = email_tokens.user_id AND users.email = $1 AND email_tokens.purpose = 'reset' AND email_tokens.used_at IS NULL",
        [email],
      );
      expect(rowCount).toBe(1);
    } finally {
      await database.end();
    }

    // The link as the member opens it (its address is the app's APP_URL; this test reaches nginx directly).
    await page.goto(link.replace(/^https?:\/\/[^/]+/, cluster.url));
    await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
    await expect(page.getByText("This link has expired. Ask for a new one.")).toBeVisible();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  } finally {
    await context.close();
  }
});
