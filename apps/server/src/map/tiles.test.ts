import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_DEFAULT_CENTER, MAP_MAX_ZOOM, MAP_PATHS, mapConfigSchema, tileOf } from "@vicinity/contract";
import { loadConfig, type ServerConfig } from "../config";
import { startTestServer, type TestServer } from "../test/harness";
import { TILE_ATTRIBUTION, TILE_COLORS } from "./tiles";

const tileUrl = (z: number, x: number, y: number) =>
  MAP_PATHS.tiles.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
const jacksonville = (z: number) => tileOf(MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude, z);

/** How many pixels of a PNG are (within a few levels) of a colour. */
async function pixelsOf(png: Buffer, hex: string): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) <= 6) count++;
  }
  return count;
}

async function serverWith(overrides: Partial<ServerConfig> = {}): Promise<{ t: TestServer; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), "vicinity-tiles-"));
  return { t: await startTestServer("pglite", { mediaDir: dir, ...overrides }), dir };
}

describe("the base map's own tiles", () => {
  let t: TestServer;
  let dir: string;
  beforeAll(async () => {
    ({ t, dir } = await serverWith());
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.server.app.inject({ method: "GET", url, headers });

  it("draws Jacksonville at zoom 10 and 13: a 256 px PNG with land and water (the St. Johns River)", async () => {
    for (const z of [10, 13]) {
      const { x, y } = jacksonville(z);
      const res = await get(tileUrl(z, x, y));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 256, 256]);
      const total = 256 * 256;
      const land = await pixelsOf(res.rawPayload, TILE_COLORS.land);
      const water = await pixelsOf(res.rawPayload, TILE_COLORS.water);
      expect(land, `land at z${z}`).toBeGreaterThan(total * 0.2);
      expect(water, `water at z${z}`).toBeGreaterThan(total * 0.03);
    }
  });

  it("draws the open Atlantic as water only, and keeps no file for it", async () => {
    const { x, y } = tileOf(30.3, -79.5, 12);
    const res = await get(tileUrl(12, x, y));
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-map-tile-cache"]).toBe("uniform");
    expect(await pixelsOf(res.rawPayload, TILE_COLORS.water)).toBe(256 * 256);
  });

  it("renders a tile once: the second answer comes from the disk cache with the same ETag, and If-None-Match gets a 304", async () => {
    const { x, y } = jacksonville(11);
    const first = await get(tileUrl(11, x, y));
    const second = await get(tileUrl(11, x, y));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.headers["x-map-tile-cache"], second.headers["x-map-tile-cache"]]).toEqual(["miss", "hit"]);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers["cache-control"]).toMatch(/max-age=\d{7,}/);
    const revalidated = await get(tileUrl(11, x, y), { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
  });

  it("answers 400 with a message for tiles that do not exist", async () => {
    for (const [z, x, y] of [
      ["19", "0", "0"],
      ["3", "8", "0"],
      ["3", "0", "8"],
      ["-1", "0", "0"],
      ["a", "0", "0"],
      ["1.5", "0", "0"],
      ["2", "1e1", "0"],
      ["1", "0", "9999999"],
    ]) {
      const res = await get(`/api/map/tiles/${z}/${x}/${y}.png`);
      expect(res.statusCode, `${z}/${x}/${y}`).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/z|x and y/);
    }
  });

  it("tells the client to use its own tiles, with the data's attribution, by default", async () => {
    const res = await get(MAP_PATHS.config);
    expect(res.statusCode).toBe(200);
    expect(mapConfigSchema.parse(res.json())).toEqual({
      tileUrl: MAP_PATHS.tiles,
      attribution: TILE_ATTRIBUTION,
      maxZoom: MAP_MAX_ZOOM,
    });
    expect(TILE_ATTRIBUTION).toMatch(/OpenStreetMap/);
    expect(res.headers["content-security-policy"]).toContain("img-src 'self' data: blob:;");
  });
});

describe("MAP_TILE_URL and MAP_ATTRIBUTION", () => {
  it("switch the base layer to another tile server, whose origin the CSP's img-src then allows", async () => {
    const env = {
      NODE_ENV: "test",
      DATA_DIR: "memory://",
      MAP_TILE_URL: "https://{s}.tile.example.org/{z}/{x}/{y}.png",
      MAP_ATTRIBUTION: "© Example maps",
    };
    const loaded = loadConfig(env);
    const { t, dir } = await serverWith({
      mapTileUrl: loaded.mapTileUrl,
      mapAttribution: loaded.mapAttribution,
      mapTileOrigin: loaded.mapTileOrigin,
    });
    try {
      const res = await t.server.app.inject({ method: "GET", url: MAP_PATHS.config });
      expect(res.json()).toEqual({
        tileUrl: "https://{s}.tile.example.org/{z}/{x}/{y}.png",
        attribution: "© Example maps",
        maxZoom: MAP_MAX_ZOOM,
      });
      expect(res.headers["content-security-policy"]).toContain(
        "img-src 'self' data: blob: https://*.tile.example.org;",
      );
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
    expect(loadConfig({ ...env, MAP_ATTRIBUTION: "" }).mapAttribution).toBeUndefined();
    expect(loadConfig({ ...env, MAP_TILE_URL: "http://localhost:8080/tiles/{z}/{x}/{y}.png" }).mapTileOrigin).toBe(
      "http://localhost:8080",
    );
  });

  it("refuse a MAP_TILE_URL that is not an http(s) URL template with {z}, {x} and {y}", () => {
    for (const bad of [
      "tile.example.org/{z}/{x}/{y}.png",
      "https://tile.example.org/{z}/{x}.png",
      "javascript:alert(1)//{z}{x}{y}",
      "ftp://example.org/{z}/{x}/{y}.png",
      "/tiles/{z}/{x}/{y}.png",
    ]) {
      expect(() => loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", MAP_TILE_URL: bad }), bad).toThrow(
        /MAP_TILE_URL/,
      );
    }
  });

  it("name OpenStreetMap's contributors when only MAP_TILE_URL is set", async () => {
    const { t, dir } = await serverWith({
      mapTileUrl: "https://tile.example.org/{z}/{x}/{y}.png",
      mapAttribution: undefined,
      mapTileOrigin: "https://tile.example.org",
    });
    try {
      expect((await t.server.app.inject({ method: "GET", url: MAP_PATHS.config })).json()).toMatchObject({
        attribution: "© OpenStreetMap contributors",
      });
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
