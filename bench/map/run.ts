/**
 * bench/map: the live map with thousands of members, in Chromium.
 *
 *   npm run bench:map
 *
 * A small harness page (bench/map/index.html, served by Vite from the sources) mounts the map's
 * own component with 5,000 members in view at zoom 12 over Jacksonville (no tiles, nothing leaves
 * the page). It prints:
 * 1. data arrival to first markers drawn: from handing the members to the map (as the area answer
 *    does) to the frame that paints the first markers (clustering included), over several loads;
 *    goal <= 500 ms.
 * 2. frame times while the map pans and zooms programmatically (animated panBy and zoom in/out,
 *    the markers redrawn at each move's end): p50/p95/p99 and frames per second; goal >= 55 fps.
 * Figures only; not a timed test.
 */
import { writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { createServer } from "vite";

const root = path.resolve(import.meta.dirname);
const MEMBERS = 5000;
const LOADS = 6;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Runs in the page: records every frame's time while the map pans (animated, as a drag's inertia) and zooms through the cluster levels. */
const PAN_AND_ZOOM = `(async () => {
  const map = window.__bench.map;
  const deltas = [];
  let last = performance.now();
  let running = true;
  function tick(now) {
    deltas.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  }
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const started = performance.now();
  const steps = [[200, 0], [0, 150], [-250, 0], [0, -150], [120, 120], [-120, -120]];
  for (let round = 0; round < 2; round++) {
    for (const [x, y] of steps) { map.panBy([x, y], { animate: true, duration: 0.25 }); await wait(300); }
  }
  for (const zoom of [13, 14, 15, 14, 13, 12, 11, 12]) { map.setZoom(zoom, { animate: true }); await wait(400); }
  running = false;
  return { deltas: deltas.slice(1), seconds: (performance.now() - started) / 1000 };
})()`;

async function main() {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: "error",
    plugins: [react(), tailwindcss()],
    server: { port: 0, host: "127.0.0.1" },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(url) && !r.url().startsWith("data:")) outside.push(r.url());
    });
    await page.goto(url);
    await page.waitForFunction(() => {
      const b = (window as unknown as { __bench?: { map: unknown; ready: boolean } }).__bench;
      return Boolean(b?.map && b.ready);
    });

    console.info(
      `bench:map: ${MEMBERS.toLocaleString("en-US")} members in a 1280 x 800 view at zoom 12 (Chromium, headless, no GPU); load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const loads: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const ms = await page.evaluate(
        ([count, seed]) =>
          (window as unknown as { __bench: { load(c: number, s: number): Promise<number> } }).__bench.load(count, seed),
        [MEMBERS, 100 + i] as const,
      );
      loads.push(ms);
    }
    const markers = await page.evaluate(() =>
      (window as unknown as { __bench: { markers(): number } }).__bench.markers(),
    );
    console.info(
      `1. data arrival -> first markers painted: first ${loads[0]!.toFixed(1)} ms, median ${percentile(loads.slice(1), 50).toFixed(1)} ms, max ${Math.max(...loads).toFixed(1)} ms over ${LOADS} loads (goal <= 500 ms); ${markers} markers and clusters drawn`,
    );

    // BENCH_CPU_PROFILE=<file>: the page's CPU profile while it pans and zooms (open in Chromium's DevTools).
    const profileTo = process.env.BENCH_CPU_PROFILE;
    const cdp = profileTo ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    // A string, not a function: tsx would wrap the function's inner names in a helper the page lacks.
    const frames = (await page.evaluate(PAN_AND_ZOOM)) as { deltas: number[]; seconds: number };
    if (cdp && profileTo) {
      const { profile } = await cdp.send("Profiler.stop");
      await writeFile(profileTo, JSON.stringify(profile));
      console.info(`CPU profile written to ${profileTo}`);
    }
    const d = frames.deltas;
    const fps = d.length / frames.seconds;
    console.info(
      `2. panning and zooming: ${d.length} frames in ${frames.seconds.toFixed(1)} s: frame time p50 ${percentile(d, 50).toFixed(1)} ms, p95 ${percentile(d, 95).toFixed(1)} ms, p99 ${percentile(d, 99).toFixed(1)} ms, ${fps.toFixed(1)} fps (goal >= 55 fps)`,
    );
    console.info(`requests outside the page: ${outside.length === 0 ? "none" : outside.join(", ")}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
