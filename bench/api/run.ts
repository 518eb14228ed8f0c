/**
 * bench/api: the throughput of the hottest call, GET /api/users/nearby, through HTTP against the
 * production build of the server.
 *
 *   npm run bench:api                      PostgreSQL, then PGlite
 *   npm run bench:api -- pglite            one engine (postgres | pglite)
 *   npm run bench:api -- postgres --profile   also a CPU profile of the server during the run:
 *                                          the functions that took the most time are printed
 *
 * For each engine: builds the server (apps/server/dist), makes a fresh database (PostgreSQL: a
 * database of its own through DATABASE_URL or the local server, dropped at the end; PGlite: a
 * temporary DATA_DIR) with the 300 demo members around Jacksonville (the seed CLI), starts
 * `node dist/main.js` as production runs it (NODE_ENV=production, its default logging), signs a
 * member up, and then drives the call with autocannon: 20 connections for 30 s (after 5 s of
 * warm-up), 50 members per answer, each request from another point within about 5 km of the
 * city centre, as that member (the session read is part of every call). It prints requests a
 * second, latency p50/p90/p99/max, errors and non-2xx answers, and the server's memory.
 * Goal: at least 800 requests/s at p99 <= 50 ms on PostgreSQL; at least 300 on PGlite.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { ADMIN_URL, adminQuery } from "../lib/postgres";
import { cpuSeconds, postgresCpuSeconds } from "../lib/cpu";

type Engine = "postgres" | "pglite";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const args = process.argv.slice(2);
const profile = args.includes("--profile");
const engines =
  (args.filter((a) => a === "postgres" || a === "pglite") as Engine[]).length > 0
    ? (args.filter((a) => a === "postgres" || a === "pglite") as Engine[])
    : (["postgres", "pglite"] as Engine[]);
const CONNECTIONS = 20;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 30);
const WARMUP_S = 5;
const PORT = 3400;
const CENTRE = { latitude: 30.3322, longitude: -81.6557 };
const GOALS: Record<Engine, { rps: number; p99: number | null }> = {
  postgres: { rps: 800, p99: 50 },
  pglite: { rps: 300, p99: null },
};

const log = (line = "") => console.info(line);

function startServer(env: NodeJS.ProcessEnv, profileDir: string | null): ChildProcess {
  const flags = ["--enable-source-maps", ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])];
  const child = spawn(process.execPath, [...flags, "apps/server/dist/main.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[server] ${chunk}`));
  return child;
}

async function waitUntilReady(base: string, child: ChildProcess): Promise<void> {
  const giveUp = Date.now() + 120_000;
  while (Date.now() < giveUp) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not become ready in 2 minutes");
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A point within about 5 km of the centre. */
function randomPoint() {
  const r = 0.045 * Math.sqrt(Math.random());
  const a = Math.random() * 2 * Math.PI;
  return {
    latitude: CENTRE.latitude + r * Math.cos(a),
    longitude: CENTRE.longitude + (r * Math.sin(a)) / Math.cos((CENTRE.latitude * Math.PI) / 180),
  };
}
const nearbyPath = () => {
  const p = randomPoint();
  return `/api/users/nearby?latitude=${p.latitude.toFixed(5)}&longitude=${p.longitude.toFixed(5)}&limit=50`;
};

function drive(base: string, cookie: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { cookie, accept: "application/json", "accept-encoding": "gzip, br" },
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: nearbyPath() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The functions that took the most of the server's CPU (self time), from a V8 .cpuprofile. */
function summariseProfile(dir: string): void {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) return log("  (no CPU profile was written)");
  const prof = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: Array<{
      id: number;
      callFrame: { functionName: string; url: string; lineNumber: number };
      hitCount?: number;
      children?: number[];
    }>;
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const where = (url: string) =>
    url
      .replace(/^file:\/\//, "")
      .replace(`${root}/`, "")
      .replace(/^node_modules\//, "");
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const key = `${frame.functionName || "(anonymous)"}  ${where(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const place = !frame.url
      ? frame.functionName
      : frame.url.startsWith("wasm://")
        ? "WebAssembly (PGlite's PostgreSQL)"
        : frame.url.includes("node_modules/")
          ? where(frame.url)
              .split("/")
              .slice(0, frame.url.includes("node_modules/@") ? 2 : 1)
              .join("/")
          : frame.url.startsWith("node:")
            ? "node internals"
            : "our code";
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  log(`  CPU profile (${(total / 1e6).toFixed(1)} s sampled): self time by package`);
  for (const [place, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 14)) log(`    ${pct(us)}  ${place}`);
  log("  self time by function (top 25)");
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25)) log(`    ${pct(us)}  ${key}`);
  // Native functions say nothing of who called them: the JavaScript callers of the top three.
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const f = byId.get(id)!.callFrame;
    return `${f.functionName || "(anonymous)"} ${where(f.url).split("/").slice(-2).join("/")}${f.url ? `:${f.lineNumber + 1}` : ""}`;
  };
  const natives = [...byFunction]
    .sort((a, b) => b[1] - a[1])
    .filter(([key]) => /^\S+\s*$/.test(key))
    .slice(0, 2);
  for (const [native] of natives) {
    const chains = new Map<string, number>();
    for (const [id, us] of self) {
      if (`${byId.get(id)!.callFrame.functionName}` !== native.trim()) continue;
      const chain: string[] = [];
      for (let p = parent.get(id); p !== undefined && chain.length < 12; p = parent.get(p)) chain.push(label(p));
      chains.set(chain.join(" < "), (chains.get(chain.join(" < ")) ?? 0) + us);
    }
    log(`  callers of ${native.trim()}`);
    for (const [chain, us] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 4)) log(`    ${pct(us)}  ${chain}`);
  }
}

async function runEngine(engine: Engine): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vicinity-bench-api-"));
  const dbName = "vicinity_bench_api";
  let databaseUrl = "";
  if (engine === "postgres") {
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const base = `http://127.0.0.1:${PORT}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: "",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    SESSION_SECRET: "b".repeat(40),
    APP_URL: base,
    REGISTRATIONS_PER_HOUR: "100",
    // More of the server's settings for an experiment: BENCH_ENV="DATABASE_POOL_SIZE=4 LOG_LEVEL=warn".
    ...Object.fromEntries(
      (process.env.BENCH_ENV ?? "")
        .split(/\s+/)
        .filter(Boolean)
        .map((pair) => pair.split("=", 2) as [string, string]),
    ),
  };
  const profileDir = profile ? mkdtempSync(path.join(os.tmpdir(), "vicinity-bench-prof-")) : null;
  try {
    // The 300 demo members, as `npm run db:seed` makes them.
    execFileSync(process.execPath, ["apps/server/dist/seed-cli.js"], {
      cwd: root,
      env: { ...env, NODE_ENV: "development" },
      stdio: "inherit",
    });
    const server = startServer({ ...env, NODE_ENV: "production" }, profileDir);
    try {
      await waitUntilReady(base, server);
      const signUp = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: `bench.${Date.now()}@example.com`, password: "correct horse battery staple" }),
      });
      if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
      const cookie = (signUp.headers.get("set-cookie") ?? "").split(";")[0]!;
      const sample = (await (await fetch(`${base}${nearbyPath()}`, { headers: { cookie } })).json()) as unknown[];
      log(
        `\n=== ${engine}: GET /api/users/nearby, ${sample.length} members per answer, ${CONNECTIONS} connections, ${DURATION_S} s ===`,
      );
      await drive(base, cookie, WARMUP_S);
      const before = residentMb(server.pid!);
      const cpuBefore = { server: cpuSeconds(server.pid!), postgres: postgresCpuSeconds(), bench: process.cpuUsage() };
      const result = await drive(base, cookie, DURATION_S);
      const cpu = {
        server: cpuSeconds(server.pid!) - cpuBefore.server,
        postgres: postgresCpuSeconds() - cpuBefore.postgres,
        bench: (({ user, system }) => (user + system) / 1e6)(process.cpuUsage(cpuBefore.bench)),
      };
      const after = residentMb(server.pid!);
      const rps = result.requests.average;
      const { p50, p90, p99, max } = result.latency as unknown as Record<string, number>;
      log(
        `requests/s   ${rps.toFixed(0)} (${result.requests.total} in ${DURATION_S} s; ${(result.throughput.average / 1024).toFixed(0)} KB/s)`,
      );
      log(`latency      p50 ${p50} ms   p90 ${p90} ms   p99 ${p99} ms   max ${max} ms`);
      log(`errors       ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx}`);
      log(`server RSS   ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after`);
      const perRequest = (seconds: number) => `${((seconds * 1000) / result.requests.total).toFixed(2)} ms`;
      log(
        `CPU (of ${os.cpus().length} x ${DURATION_S} s)   server ${cpu.server.toFixed(1)} s (${perRequest(cpu.server)} a request), PostgreSQL ${cpu.postgres.toFixed(1)} s (${perRequest(cpu.postgres)}), load generator ${cpu.bench.toFixed(1)} s (${perRequest(cpu.bench)})`,
      );
      const goal = GOALS[engine];
      const met =
        rps >= goal.rps && (goal.p99 === null || p99! <= goal.p99) && result.errors === 0 && result.non2xx === 0;
      log(
        `goal         >= ${goal.rps} requests/s${goal.p99 ? ` at p99 <= ${goal.p99} ms` : ""}, no errors: ${met ? "met" : "NOT met"}`,
      );
      return met;
    } finally {
      await stopServer(server);
      if (profileDir) summariseProfile(profileDir);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    if (engine === "postgres") await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

log(
  `bench/api: node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}; autocannon in this process, the server in another`,
);
execFileSync("npm", ["run", "build", "--silent", "-w", "@vicinity/server"], { cwd: root, stdio: "inherit" });
let allMet = true;
for (const engine of engines) allMet = (await runEngine(engine)) && allMet;
log(`\n${allMet ? "every goal met" : "a goal was NOT met"}`);
