/**
 * bench/lighthouse: Lighthouse's performance figures for the landing page and
 * the signed-in home, on the real server (PGlite, seeded demo members) in Debian's Chromium.
 *
 *   npm run bench:lighthouse              (3 runs per page; the median run by score is printed)
 *   npm run bench:lighthouse -- --runs 1 --save /tmp/lh   (also writes each run's report and trace there)
 *   npm run bench:lighthouse -- --runs 7 --only home      (one page only)
 *   npm run bench:lighthouse -- --runs 1 --only home --explain   (what the simulated LCP and TBT are made of: explain.ts)
 *
 * Builds the web app when its build is missing or older than the sources (scripts/budget.mjs does
 * the same check), starts apps/server on a free port with a throwaway DATA_DIR, registers a
 * member through POST /api/register and sends his session cookie with every request of the
 * signed-in runs. Lighthouse's default (mobile) settings: a mid-range phone, simulated slow 4G and
 * a 4x slower CPU. Everything goes to stdout; it stops by itself.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tooling/chromium";
import { explainRun } from "./explain";

const root = path.resolve(import.meta.dirname, "../..");
const PASSWORD = "a long and unusual passphrase";
const HERE = { latitude: 30.3322, longitude: -81.6557 };

/** The figures aimed for: a fast first load on a mid-range phone. */
const GOALS = { landingScore: 95, homeScore: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Number(argument("--runs") ?? 3);
const SAVE_DIR = argument("--save");
/** `--only landing` or `--only home`: one page's runs (to compare two builds of it). */
const ONLY = argument("--only");
if (ONLY !== undefined && ONLY !== "landing" && ONLY !== "home") throw new Error("--only takes landing or home");
/** `--explain`: after each run, what Lighthouse's simulated LCP and TBT are made of (explain.ts). */
const EXPLAIN = process.argv.includes("--explain");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForServer(base: string, server: ChildProcess): Promise<void> {
  const giveUpAt = Date.now() + 120_000;
  while (Date.now() < giveUpAt) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not answer within 2 minutes");
}

/** A member past onboarding, with a position: his session cookie. */
async function signedInMember(base: string): Promise<string> {
  const email = `lighthouse.${Date.now()}@example.com`;
  const registered = await fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const sid = registered.headers.getSetCookie().find((cookie) => cookie.startsWith("vicinity_sid="));
  if (!sid) throw new Error("register set no vicinity_sid cookie");
  const cookie = sid.split(";")[0] ?? "";
  const put = async (url: string, body: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`PUT ${url} failed: ${res.status} ${await res.text()}`);
  };
  await put("/api/users/profile", {
    firstName: "Lighthouse",
    age: 30,
    bio: "Measuring the home page",
    interests: ["beach", "gym"],
  });
  await put("/api/users/location", HERE);
  return cookie;
}

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
  scriptKb: number;
}

async function audit(
  name: string,
  url: string,
  port: number,
  headers?: Record<string, string>,
  attempt = 1,
): Promise<Figures> {
  // LH_CPU_PROFILE=1: the saved traces also hold JavaScript samples (profile.ts TRACE_IN= reads them);
  // the profiler's own cost makes those runs' figures a little worse.
  const config = process.env.LH_CPU_PROFILE
    ? {
        extends: "lighthouse:default" as const,
        settings: { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" },
      }
    : undefined;
  // --explain: Lighthouse keeps the run's artifacts (trace, DevTools log) in a scratch folder, read back below.
  const artifactsDir = EXPLAIN ? mkdtempSync(path.join(tmpdir(), "vicinity-lighthouse-run-")) : undefined;
  const flags = {
    port,
    output: "json" as const,
    logLevel: "error" as const,
    onlyCategories: ["performance"],
    extraHeaders: headers,
    gatherMode: artifactsDir,
    auditMode: artifactsDir,
  };
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    if (artifactsDir) rmSync(artifactsDir, { recursive: true, force: true });
    // A trace is now and then lost on a busy machine (NO_NAVSTART): once more, then give up.
    if (attempt < 3) return audit(name, url, port, headers, attempt + 1);
    throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  }
  if (SAVE_DIR) {
    mkdirSync(SAVE_DIR, { recursive: true });
    const at = Date.now();
    writeFileSync(path.join(SAVE_DIR, `${name}-${at}.json`), JSON.stringify(lhr, null, 1));
    // The trace Lighthouse simulated from (it opens in Chromium's DevTools, Performance panel).
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) writeFileSync(path.join(SAVE_DIR, `${name}-${at}.trace.json`), JSON.stringify(trace));
  }
  if (artifactsDir) {
    console.info(
      `\n${name}: run of ${new Date().toISOString()}, Lighthouse's LCP ${Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN)} ms, TBT ${Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN)} ms`,
    );
    await explainRun(artifactsDir, new URL(url).origin);
    rmSync(artifactsDir, { recursive: true, force: true });
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpItems = (
    lhr.audits["largest-contentful-paint-element"]?.details as
      { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  )?.items;
  const scripts =
    (
      lhr.audits["network-requests"]?.details as
        { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
    )?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    si: value("speed-index"),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? "?",
    scriptKb:
      scripts.filter((s) => s.resourceType === "Script").reduce((sum, s) => sum + (s.transferSize ?? 0), 0) / 1024,
  };
}

function report(name: string, runs: Figures[], scoreGoal: number): void {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)] as Figures;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const check = (ok: boolean) => (ok ? "ok" : "MISSED");
  console.info(`\n== ${name} (median of ${runs.length} by score; scores ${runs.map((r) => r.score).join(", ")}) ==`);
  console.info(`performance score  ${median.score}  (goal >= ${scoreGoal}: ${check(median.score >= scoreGoal)})`);
  console.info(`LCP                ${s(median.lcp)}  (goal <= ${s(GOALS.lcpMs)}: ${check(median.lcp <= GOALS.lcpMs)})`);
  console.info(
    `TBT                ${Math.round(median.tbt)} ms  (goal <= ${GOALS.tbtMs} ms: ${check(median.tbt <= GOALS.tbtMs)})`,
  );
  console.info(
    `CLS                ${median.cls.toFixed(3)}  (goal <= ${GOALS.cls}: ${check(median.cls <= GOALS.cls)})`,
  );
  console.info(`FCP                ${s(median.fcp)}`);
  console.info(`Speed Index        ${s(median.si)}`);
  console.info(`scripts sent       ${median.scriptKb.toFixed(1)} KB (compressed, as sent)`);
  console.info(`LCP element        ${median.lcpElement.slice(0, 120)}`);
  console.info(
    `every run          ${runs.map((r) => `${r.score} (LCP ${s(r.lcp)}, TBT ${Math.round(r.tbt)} ms)`).join("; ")}`,
  );
}

async function main() {
  // The budget script builds the app when needed and prints the bundle's figures.
  const budget = spawnSync("node", ["scripts/budget.mjs"], { cwd: root, stdio: "inherit" });
  if (budget.error) throw budget.error;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "vicinity-bench-lighthouse-"));
  // One process (node with tsx's loader), so that stopping it stops the server.
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      NODE_ENV: "development",
    },
  });
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    logLevel: "error",
  });
  try {
    await waitForServer(base, server);
    console.info(
      `server on ${base} (PGlite, seeded demo members); Lighthouse ${RUNS} run(s) per page, mobile settings`,
    );
    const load = () =>
      loadavg()
        .map((l) => l.toFixed(2))
        .join(" ");
    console.info(`load average before: ${load()}`);
    const cookie = await signedInMember(base);

    const landing: Figures[] = [];
    if (ONLY !== "home") for (let i = 0; i < RUNS; i++) landing.push(await audit("landing", `${base}/`, chrome.port));
    const home: Figures[] = [];
    if (ONLY !== "landing")
      for (let i = 0; i < RUNS; i++) home.push(await audit("home", `${base}/`, chrome.port, { Cookie: cookie }));

    console.info(`load average after: ${load()}`);
    if (landing.length) report("/ for a visitor: the landing page", landing, GOALS.landingScore);
    if (home.length) report("/ for a member: the signed-in home", home, GOALS.homeScore);
  } finally {
    chrome.kill();
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode === null ? server.once("exit", resolve) : resolve(null)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
