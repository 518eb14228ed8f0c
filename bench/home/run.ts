/**
 * bench/home: the home's two figures (its first card, its pictures), measured on the real server
 * (PGlite, seeded demo data).
 *
 *   npm run bench:home            (builds the web app first if apps/web/dist is missing)
 *
 * 1. Time to first card: a signed-in member with a profile and a location opens the home page in
 *    Chromium; from navigation start to the first nearby card on screen (performance.now() when it
 *    appears), over several reloads (the first cold, the rest with the browser's HTTP cache).
 * 2. Pictures: a 12-megapixel JPEG (4000 x 3000) is uploaded through POST /api/media (timed), then
 *    its 200 px WebP variant (?w=200&f=webp, the profile preset's width) is requested: the first
 *    response renders it with sharp, the next ones read the cached file from MEDIA_DIR.
 * Everything goes to stdout; it stops by itself.
 */
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { buildServer } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config";
import { chromiumLaunchOptions } from "../../tooling/chromium";

const root = path.resolve(import.meta.dirname, "../..");
const webDist = path.join(root, "apps/web/dist");
const PASSWORD = "a long and unusual passphrase";
const HERE = { latitude: 30.3322, longitude: -81.6557 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  if (!existsSync(path.join(webDist, "index.html")))
    execSync("npm run build -w @vicinity/web", { cwd: root, stdio: "inherit" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "vicinity-bench-home-"));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PORT: "0", HOST: "127.0.0.1" }),
    webDist,
    seedDemo: true,
  };
  const server = await buildServer(config);
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  const address = server.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  console.info(`server on ${base} (PGlite, 300 seeded members)`);

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 800 },
      geolocation: HERE,
      permissions: ["geolocation"],
    });
    const page = await context.newPage();
    const email = `bench.${Date.now()}@example.com`;
    if ((await page.request.post("/api/register", { data: { email, password: PASSWORD } })).status() !== 201)
      throw new Error("register failed");
    await page.request.put("/api/users/profile", {
      data: { firstName: "Bench", age: 30, bio: "Timing the home page", interests: ["beach", "gym"] },
    });
    await page.request.put("/api/users/location", { data: HERE });

    // 1. Time to first card.
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      if (i === 0) await page.goto("/");
      else await page.reload();
      await page.getByTestId("nearby-user-card").first().waitFor();
      samples.push(await page.evaluate(() => performance.now()));
    }
    console.info("\n== time to first card (Chromium, navigation start to first card visible) ==");
    console.info(`cold (first load): ${ms(samples[0] ?? NaN)}`);
    console.info(
      `warm reloads (${samples.length - 1}): median ${ms(median(samples.slice(1)))}, min ${ms(Math.min(...samples.slice(1)))}, max ${ms(Math.max(...samples.slice(1)))}`,
    );

    // 2. A 12-megapixel upload and its 200 px WebP variant.
    const width = 4000;
    const height = 3000;
    // Gaussian noise: as hard to compress as a real photo (a flat or periodic picture would flatter the figures).
    const jpeg = await sharp({
      create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    let t = performance.now();
    const upload = await page.request.post("/api/media", {
      multipart: { file: { name: "big.jpg", mimeType: "image/jpeg", buffer: jpeg } },
    });
    const uploadMs = performance.now() - t;
    if (upload.status() !== 201) throw new Error(`upload failed: ${upload.status()} ${await upload.text()}`);
    const { url } = (await upload.json()) as { url: string };
    console.info(`\n== pictures: a 12 MP JPEG (${width}x${height}, ${(jpeg.length / 1e6).toFixed(1)} MB) ==`);
    console.info(`upload (check, re-encode to WebP at most 2560 px, strip metadata, store): ${ms(uploadMs)}`);
    const timings: Array<{ ms: number; cache: string; bytes: number }> = [];
    for (let i = 0; i < 6; i++) {
      t = performance.now();
      const res = await page.request.get(`${url}?w=200&f=webp`);
      const body = await res.body();
      timings.push({ ms: performance.now() - t, cache: res.headers()["x-media-cache"] ?? "?", bytes: body.length });
    }
    const [first, ...cached] = timings;
    console.info(
      `200 px WebP, first response (rendered, cache ${first?.cache}): ${ms(first?.ms ?? NaN)}, ${first?.bytes} bytes`,
    );
    console.info(
      `200 px WebP, cached (${cached.length}, cache ${[...new Set(cached.map((c) => c.cache))].join("/")}): median ${ms(median(cached.map((c) => c.ms)))}`,
    );
    t = performance.now();
    const revalidated = await page.request.get(`${url}?w=200&f=webp`, {
      headers: { "if-none-match": `"${url.split("/").pop()}-w200-h0-q80.webp"` },
    });
    console.info(`200 px WebP, revalidated with its ETag: ${revalidated.status()} in ${ms(performance.now() - t)}`);
  } finally {
    await browser.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
