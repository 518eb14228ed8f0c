/**
 * Where the signed-in home's main-thread time goes (issue 9): loads `/` as a member in Debian's
 * Chromium with the CPU slowed 4x (as Lighthouse's mobile preset simulates), records a JavaScript
 * CPU profile and the long tasks, and prints the long tasks, then, for the whole load, the sources
 * (through the build's source maps) and functions that took the time.
 *
 *   npx tsx bench/lighthouse/profile.ts            (builds apps/web first when its build is stale)
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright";
import { SourceMapConsumer } from "source-map";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tooling/chromium";

const root = path.resolve(import.meta.dirname, "../..");
const PORT = 4000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${PORT}`;

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const consumers = new Map<string, SourceMapConsumer | null>();
async function original(url: string, line: number, column: number): Promise<string> {
  if (!url.includes("/assets/")) return url ? url.replace(base, "") : "(native)";
  const file = path.join(root, "apps/web/dist/assets", url.split("/assets/")[1]!);
  if (!consumers.has(file)) consumers.set(file, existsSync(`${file}.map`) ? await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8"))) : null);
  const consumer = consumers.get(file);
  if (!consumer) return path.basename(file);
  const pos = consumer.originalPositionFor({ line: line + 1, column });
  // Code the map does not cover (a chunk's own top level): where in the chunk.
  if (!pos.source) return `${path.basename(file)}@${line + 1}:${column}`;
  const source = (pos.source ?? "?").replace(/^(\.\.\/)+/, "").replace(/^node_modules\//, "");
  return `${source}${pos.name ? ` ${pos.name}` : ""}:${pos.line}`;
}

async function main() {
  spawnSync("node", ["scripts/budget.mjs"], { cwd: root, stdio: "ignore" });
  const dataDir = mkdtempSync(path.join(tmpdir(), "vicinity-profile-"));
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "warn", SEED_DEMO: "true", NODE_ENV: "development" },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 240) throw new Error("no server");
      await new Promise((r) => setTimeout(r, 500));
    }
    const registered = await fetch(`${base}/api/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: `p${Date.now()}@example.com`, password: "a long and unusual passphrase" }) });
    const cookie = (registered.headers.getSetCookie().find((c) => c.startsWith("vicinity_sid=")) ?? "").split(";")[0]!;
    const put = (url: string, body: unknown) => fetch(`${base}${url}`, { method: "PUT", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
    await put("/api/users/profile", { firstName: "Profile", age: 30, bio: "Measuring", interests: ["beach"] });
    await put("/api/users/location", { latitude: 30.3322, longitude: -81.6557 });
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: base }]);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __long: { start: number; duration: number }[] };
      w.__long = [];
      new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.push({ start: e.startTime, duration: e.duration }))).observe({ type: "longtask", buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    await page.goto(`${base}/`);
    await page.getByTestId("nearby-user-card").nth(40).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(3000);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
    const longTasks = await page.evaluate(() => (window as unknown as { __long: { start: number; duration: number }[] }).__long);

    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    // Each sample's time (µs since the profile's start) and node.
    let t = profile.startTime;
    const samples = profile.samples.map((id, i) => ((t += profile.timeDeltas[i] ?? 0), { id, at: t, dt: profile.timeDeltas[i + 1] ?? 0 }));
    const frameName = async (n: ProfileNode) => `${n.callFrame.functionName || "(anonymous)"} @ ${await original(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber)}`;
    const top = async (list: typeof samples, limit: number) => {
      const self = new Map<string, number>();
      const bySource = new Map<string, number>();
      const inclusive = new Map<string, number>();
      for (const s of list) {
        const node = byId.get(s.id)!;
        const key = await frameName(node);
        self.set(key, (self.get(key) ?? 0) + s.dt);
        const src = (await original(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber)).split(/[ :]/)[0]!;
        bySource.set(src, (bySource.get(src) ?? 0) + s.dt);
        // Inclusive time of first-party frames (packages/ and apps/), once per sample.
        const seen = new Set<string>();
        for (let id: number | undefined = s.id; id !== undefined; id = parent.get(id)) {
          const f = byId.get(id)!;
          const where = await original(f.callFrame.url, f.callFrame.lineNumber, f.callFrame.columnNumber);
          if (!/^(packages|apps)\//.test(where)) continue;
          const k = `${f.callFrame.functionName || "(anonymous)"} @ ${where}`;
          if (seen.has(k)) continue;
          seen.add(k);
          inclusive.set(k, (inclusive.get(k) ?? 0) + s.dt);
        }
      }
      const fmt = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([k, v]) => `    ${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`).join("\n");
      return `  self time by function:\n${fmt(self)}\n  by source:\n${fmt(bySource)}\n  first-party, inclusive:\n${fmt(inclusive)}`;
    };
    console.info(`long tasks (CPU 4x slower): ${longTasks.map((l) => `${Math.round(l.duration)} ms at ${Math.round(l.start)}`).join(", ")}`);
    console.info(`total of long tasks beyond 50 ms (a TBT-like figure, from navigation): ${Math.round(longTasks.reduce((s, l) => s + Math.max(0, l.duration - 50), 0))} ms`);
    // (The profile's clock and performance.now() are not aligned here, so the samples are not
    // split by long task: a guessed shift gave one task's time to its neighbours.)
    const busy = samples.filter((s) => !["(idle)", "(program)"].includes(byId.get(s.id)!.callFrame.functionName));
    console.info(`\n== the whole load ==`);
    console.info(await top(busy, 25));
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode === null ? server.once("exit", r) : r(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
