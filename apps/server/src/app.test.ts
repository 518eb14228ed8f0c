import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { startTestServer, testEngines, type TestServer } from "./test/harness";

describe.each(testEngines())("serving the web app (%s)", (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), "vicinity-web-"));
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Vicinity</title><div id=root></div>");
    writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log('app')");
    t = await startTestServer(engine, { webDist: dist });
  });

  afterAll(() => t.close());

  it("serves the web app at /", async () => {
    const res = await t.server.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Vicinity</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("serves the app's page for client routes (200) and unknown paths (404: the client shows its 'Page not found')", async () => {
    for (const [url, status] of [
      ["/join", 200],
      ["/no/such/page?x=1", 404],
    ] as const) {
      const res = await t.server.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(status);
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("caches hashed assets for a year", async () => {
    const res = await t.server.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("answers an unknown API path with a JSON 404, never the page", async () => {
    const res = await t.server.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No such endpoint: GET /api/nope" });
  });
});

describe("configuration", () => {
  it("refuses a bad PORT with a readable message", () => {
    expect(() => loadConfig({ PORT: "not-a-port", DATA_DIR: "memory://" })).toThrow(
      /Invalid configuration:\n {2}PORT:/,
    );
  });

  it("refuses a DATABASE_URL that is not postgres://", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://x", DATA_DIR: "memory://" })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL/,
    );
  });

  it("takes read replicas of PostgreSQL only: postgres:// URLs, with DATABASE_URL", () => {
    const primary = "postgres://p@127.0.0.1:5432/v";
    expect(
      loadConfig({
        DATA_DIR: "memory://",
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: " postgres://p@10.0.0.2/v, postgres://p@10.0.0.3/v ",
      }).databaseReplicaUrls,
    ).toEqual(["postgres://p@10.0.0.2/v", "postgres://p@10.0.0.3/v"]);
    expect(loadConfig({ DATA_DIR: "memory://" }).databaseReplicaUrls).toEqual([]);
    expect(() =>
      loadConfig({ DATA_DIR: "memory://", DATABASE_URL: primary, DATABASE_REPLICA_URLS: "mysql://x" }),
    ).toThrow(/DATABASE_REPLICA_URLS must be postgres:\/\/ URLs/);
    expect(() => loadConfig({ DATA_DIR: "memory://", DATABASE_REPLICA_URLS: "postgres://p@10.0.0.2/v" })).toThrow(
      /DATABASE_REPLICA_URLS: replicas are of PostgreSQL \(DATABASE_URL\)/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: "memory://", DATABASE_URL: primary, DATABASE_REPLICA_MAX_LAG_MS: "5" }),
    ).toThrow(/DATABASE_REPLICA_MAX_LAG_MS must be at least 100/);
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: "memory://" })).toThrow(
      /SESSION_SECRET: required in production/,
    );
  });

  it("defaults to port 3000, PGlite, and seeding demo members outside tests", () => {
    const config = loadConfig({ DATA_DIR: "memory://" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it("a memory:// database writes nothing to disk and keeps PGlite in memory", () => {
    const config = loadConfig({ DATA_DIR: "memory://" });
    expect(config.pgliteDir).toBe("memory://");
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.resolve("memory:"))).toBe(false);
  });

  it("keeps a generated session secret in the data directory", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vicinity-data-"));
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });
});
