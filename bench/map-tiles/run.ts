/**
 * bench/map-tiles: the base map's own tiles (docs/decisions/0018), around Jacksonville.
 *
 *   npm run bench:map-tiles
 *
 * 1. Loading the data (the first tile's cost): time and memory.
 * 2. Rendering, at zooms 8 to 16: a block of 5 x 5 tiles centred on Jacksonville each, through the
 *    real server (GET /api/map/tiles/z/x/y.png, in-process): the first request renders (SVG, then
 *    PNG with sharp) and stores it, the second reads it from the disk cache, the third is a 304.
 *    Per zoom: median and slowest ms per tile for each, the PNG sizes, one-colour tiles.
 * Everything goes to stdout; it stops by itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { MAP_DEFAULT_CENTER, tileOf } from "@vicinity/contract";
import { buildServer } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";
import { baseMapData } from "../../apps/server/src/map/tiles";

const ZOOMS = [8, 9, 10, 11, 12, 13, 14, 16];
const BLOCK = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const f1 = (x: number) => x.toFixed(1);

async function main() {
  const mediaDir = mkdtempSync(path.join(tmpdir(), "vicinity-bench-tiles-"));
  const config = {
    ...loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", MEDIA_DIR: mediaDir, LOG_LEVEL: "silent" }),
  };
  const server = await buildServer(config);
  try {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let t = performance.now();
    const data = baseMapData();
    const loadMs = performance.now() - t;
    const heapLoaded = process.memoryUsage().heapUsed;
    global.gc?.();
    const kept = global.gc ? `, ${((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(0)} MB kept` : "";
    const points = data.water.reduce((n, ring) => n + ring.points.length / 2, 0);
    console.info(
      `data: ${data.water.length} water rings (${(points / 1e6).toFixed(2)} M points), ${data.stateLines.length} state and ${data.countyLines.length} county lines, ${data.places.length} places`,
    );
    console.info(
      `load: ${loadMs.toFixed(0)} ms, heap +${((heapLoaded - heapBefore) / 1e6).toFixed(0)} MB while loading${kept}`,
    );
    console.info(
      `${BLOCK} x ${BLOCK} tiles a zoom around Jacksonville (${MAP_DEFAULT_CENTER.latitude}, ${MAP_DEFAULT_CENTER.longitude}), through GET /api/map/tiles:`,
    );
    console.info(
      "zoom | render ms (median / max) | cached ms (median) | 304 ms (median) | PNG bytes (median / max) | one-colour",
    );
    const get = (url: string, headers: Record<string, string> = {}) =>
      server.app.inject({ method: "GET", url, headers });
    for (const z of ZOOMS) {
      const centre = tileOf(MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude, z);
      const render: number[] = [];
      const cached: number[] = [];
      const revalidated: number[] = [];
      const sizes: number[] = [];
      let uniform = 0;
      for (let dy = 0; dy < BLOCK; dy++) {
        for (let dx = 0; dx < BLOCK; dx++) {
          const url = `/api/map/tiles/${z}/${centre.x + dx - 2}/${centre.y + dy - 2}.png`;
          t = performance.now();
          const first = await get(url);
          render.push(performance.now() - t);
          if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
          if (first.headers["x-map-tile-cache"] === "uniform") uniform++;
          sizes.push(first.rawPayload.length);
          t = performance.now();
          await get(url);
          cached.push(performance.now() - t);
          t = performance.now();
          const again = await get(url, { "if-none-match": String(first.headers.etag) });
          revalidated.push(performance.now() - t);
          if (again.statusCode !== 304) throw new Error(`${url}: no 304`);
        }
      }
      console.info(
        `${String(z).padStart(4)} | ${f1(median(render)).padStart(6)} / ${f1(Math.max(...render)).padStart(6)} | ${f1(median(cached)).padStart(6)} | ${f1(median(revalidated)).padStart(6)} | ${String(median(sizes)).padStart(6)} / ${String(Math.max(...sizes)).padStart(6)} | ${uniform}/${render.length}`,
      );
    }
  } finally {
    await server.close();
    rmSync(mediaDir, { recursive: true, force: true });
  }
}

await main();
