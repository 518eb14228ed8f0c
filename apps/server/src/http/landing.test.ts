import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestCookie, registerMember, startTestServer, type TestServer } from "../test/harness";

/** Issue 9, item 2 (docs/decisions/0019): "/" is the prerendered landing page for visitors only. */
describe("the page at /", () => {
  let t: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
    writeFileSync(path.join(webDist, "landing.html"), "<!doctype html><title>landing</title><div id=root><h1>See who's around you</h1></div>");
    t = await startTestServer("pglite", { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) => t.server.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("is the landing page for a visitor, revalidated and varying by cookie", async () => {
    const res = await get("/");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>landing</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("is the landing page for a cookie that is no live session", async () => {
    expect((await get("/", "vicinity_sid=not-a-session")).body).toContain("<title>landing</title>");
  });

  it("is the app for a member and for a guest", async () => {
    const member = await registerMember(t.server, "landing.member@example.com");
    for (const cookie of [member.cookie, await guestCookie(t.server)]) {
      const res = await get("/", cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("<title>app</title>");
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it("leaves every other page to the app, whoever asks", async () => {
    for (const url of ["/join", "/browse", "/no/such/page"]) expect((await get(url)).body).toContain("<title>app</title>");
  });

  it("is the app where the build has no landing page", async () => {
    const bare = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    writeFileSync(path.join(bare, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
    const other = await startTestServer("pglite", { webDist: bare });
    try {
      expect((await other.server.app.inject({ method: "GET", url: "/" })).body).toContain("<title>app</title>");
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
