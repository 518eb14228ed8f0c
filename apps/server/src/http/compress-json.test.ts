import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../test/harness";
import { COMPRESS_MIN_BYTES } from "./compress-json";

describe("compressed JSON answers", () => {
  it("sends a large JSON answer in Brotli or gzip as the browser accepts, small ones and other clients as they are", async () => {
    const t = await startTestServer("pglite");
    try {
      // A large answer of a route of this test's own; the nearby answer of an empty city is small.
      const url = "/api/users/nearby?latitude=30.33&longitude=-81.66";
      t.server.app.get("/api/test-large", async () => ({
        items: Array.from({ length: 200 }, (_, i) => ({ i, text: "Gym in the morning, beach in the afternoon." })),
      }));
      const plain = await t.server.app.inject({ method: "GET", url: "/api/test-large" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      const br = await t.server.app.inject({
        method: "GET",
        url: "/api/test-large",
        headers: { "accept-encoding": "gzip, deflate, br" },
      });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await t.server.app.inject({
        method: "GET",
        url: "/api/test-large",
        headers: { "accept-encoding": "gzip" },
      });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
      // Small answers stay as they are.
      const small = await t.server.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
      expect(small.statusCode).toBe(200);
      expect(small.headers["content-encoding"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
