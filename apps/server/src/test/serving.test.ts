import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "../http/security-headers";
import { startTestServer, type TestServer } from "./harness";

/** Pre-compressed assets by content negotiation, and security headers everywhere. */
describe("serving the web app", () => {
  let t: TestServer;
  let webDist: string;
  const script = `export const app = ${JSON.stringify("vicinity ".repeat(2000))};\n`;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "vicinity-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(
      path.join(webDist, "index.html"),
      `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`,
    );
    writeFileSync(path.join(webDist, "assets/app.js"), script);
    writeFileSync(path.join(webDist, "assets/tiny.css"), "a{}");
    // As the build leaves them (tooling/precompress.mjs): .br and .gz beside the larger files.
    for (const file of ["index.html", "assets/app.js"]) {
      const data = Buffer.from(readFileSync(path.join(webDist, file)));
      writeFileSync(path.join(webDist, `${file}.br`), brotliCompressSync(data));
      writeFileSync(path.join(webDist, `${file}.gz`), gzipSync(data));
    }
    t = await startTestServer("pglite", { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.app.inject({ method: "GET", url, headers });

  it("sends Brotli or gzip by the Accept-Encoding, and the plain file otherwise", async () => {
    const br = await get("/assets/app.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get("/assets/app.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/app.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A file too small to gain is sent as it is.
    expect((await get("/assets/tiny.css", { "accept-encoding": "br" })).headers["content-encoding"]).toBeUndefined();
  });

  it("the page of a client route is compressed too, and always revalidated", async () => {
    const page = await get("/messages/some-conversation", { "accept-encoding": "br" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-type"]).toMatch(/text\/html/);
  });

  it("answers a path the app has no page for with the app (its 'Page not found') and a 404", async () => {
    for (const url of ["/no-such-page", "/members", "/admin/nothing", "/messages/a/b"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ["/events/abc/edit", "/admin/ads/new", "/Browse", "/messages?to=u1", "/about"])
      expect((await get(url)).statusCode, url).toBe(200);
  });

  it("puts the security headers on every response: page, asset, API, error and 404", async () => {
    for (const res of [
      await get("/"),
      await get("/assets/app.js"),
      await get("/api/users/nearby?latitude=30&longitude=-81"),
      await get("/api/auth/user"),
      await get("/api/nothing-here"),
      await get("/media/not-an-id"),
    ]) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("adds HSTS in production", async () => {
    const production = await startTestServer("pglite", { webDist, env: "production" });
    try {
      const res = await production.server.app.inject({ method: "GET", url: "/" });
      expect(res.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
      expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    } finally {
      await production.close();
    }
  });
});
