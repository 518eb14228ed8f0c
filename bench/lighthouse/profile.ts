/**
 * Where the signed-in home's main-thread time goes: loads `/` as a member in Debian's
 * Chromium with the CPU slowed 4x (as Lighthouse's mobile preset simulates), records a trace (its
 * tasks and its JavaScript samples on one clock) and prints each long task with what ran in it
 * (the trace's script, style, layout and paint events; the sources, through the build's source
 * maps; the first-party functions), then the whole load's sources and functions.
 * TRACE_OUT=file.json also writes the trace (it opens in Chromium's DevTools, Performance panel);
 * LONG_TASK_MS=30 lists shorter tasks too; CPU_RATE=1 records at full speed.
 *
 *   npx tsx bench/lighthouse/profile.ts            (builds apps/web first when its build is stale)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SourceMapConsumer } from "source-map";
import { openMemberHome } from "./member-home";

const root = path.resolve(import.meta.dirname, "../..");
/** CPU_RATE=1: the CPU at full speed (as Lighthouse records the trace it then slows 4x in its simulation). */
const CPU_RATE = Number(process.env.CPU_RATE ?? 4);
/** The server's address (set once it runs): what the printed addresses leave out. */
let base = "";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: TraceArgs;
}
interface TraceArgs {
  name?: string;
  data?: {
    documentLoaderURL?: string;
    startTime?: number;
    url?: string;
    stackTrace?: { url?: string }[];
    timeDeltas?: number[];
    cpuProfile?: { nodes?: (ProfileNode & { parent?: number })[]; samples?: number[] };
  };
}

const consumers = new Map<string, SourceMapConsumer | null>();
async function original(url: string | undefined, line: number, column: number): Promise<string> {
  if (!url?.includes("/assets/")) return url ? url.replace(base, "") : "(native)";
  const file = path.join(root, "apps/web/dist/assets", url.split("/assets/")[1]!);
  if (!consumers.has(file))
    consumers.set(
      file,
      existsSync(`${file}.map`) ? await new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, "utf8"))) : null,
    );
  const consumer = consumers.get(file);
  if (!consumer) return path.basename(file);
  const pos = consumer.originalPositionFor({ line: line + 1, column });
  // Code the map does not cover (a chunk's own top level): where in the chunk.
  if (!pos.source) return `${path.basename(file)}@${line + 1}:${column}`;
  const source = (pos.source ?? "?").replace(/^(\.\.\/)+/, "").replace(/^node_modules\//, "");
  return `${source}${pos.name ? ` ${pos.name}` : ""}:${pos.line}`;
}

const ms = (us: number) => `${(us / 1000).toFixed(1).padStart(7)} ms`;
const table = (m: Map<string, number>, limit: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, v]) => `    ${ms(v)}  ${k}`)
    .join("\n");
const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);

/** The page's main thread: the renderer thread that ran the most tasks. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === "RunTask" && e.ph === "X") add(busy, `${e.pid}:${e.tid}`, e.dur ?? 0);
  const names = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's own renderer: the one that navigated to the server (a browser's own pages, such as
  // chrome:// ones, run in renderers of their own and may be busier).
  const ours = new Set(
    events
      .filter((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(base))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const [key] =
    [...busy].filter(([k]) => names.has(k) && (ours.size === 0 || ours.has(k))).sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) throw new Error("the trace has no renderer main thread");
  const [pid, tid] = key.split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

/** Prints the long tasks from the navigation on, each with what ran in it, then the whole load. */
async function report(events: TraceEvent[]) {
  const { pid, tid } = mainThread(events);
  const own = events.filter((e) => e.pid === pid && e.tid === tid);
  const navigation =
    own.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith(base))?.ts ??
    own.find((e) => e.name === "navigationStart")?.ts ??
    0;
  // The JavaScript samples, each with its time on the trace's clock and the time it stands for.
  const nodes = new Map<number, ProfileNode & { parent?: number }>();
  const samples: { id: number; at: number; dt: number }[] = [];
  const profiles = events.filter((e) => e.pid === pid && (e.name === "Profile" || e.name === "ProfileChunk"));
  const clock = new Map<string, number>();
  for (const e of profiles) {
    const data = e.args?.data ?? {};
    if (e.name === "Profile") {
      clock.set(e.id ?? "", data.startTime ?? e.ts);
      continue;
    }
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, { ...n, children: [] });
    const ids: number[] = data.cpuProfile?.samples ?? [];
    const deltas: number[] = data.timeDeltas ?? [];
    let at = clock.get(e.id ?? "") ?? e.ts;
    ids.forEach((id, i) => {
      at += deltas[i] ?? 0;
      samples.push({ id, at, dt: 0 });
    });
    clock.set(e.id ?? "", at);
  }
  for (const n of nodes.values()) if (n.parent !== undefined) nodes.get(n.parent)?.children?.push(n.id);
  samples.sort((a, b) => a.at - b.at);
  samples.forEach((s, i) => (s.dt = Math.min(samples[i + 1] ? samples[i + 1]!.at - s.at : 0, 10_000)));
  const idle = new Set(["(idle)", "(program)", "(root)"]);

  const summarize = async (from: number, to: number) => {
    const bySource = new Map<string, number>();
    const firstParty = new Map<string, number>();
    for (const s of samples) {
      if (s.at < from || s.at >= to) continue;
      const node = nodes.get(s.id);
      if (!node || idle.has(node.callFrame.functionName)) continue;
      const where = await original(node.callFrame.url, node.callFrame.lineNumber, node.callFrame.columnNumber);
      add(bySource, where.split(/[ :]/)[0]!, s.dt);
      const seen = new Set<string>();
      for (let n: typeof node | undefined = node; n; n = n.parent !== undefined ? nodes.get(n.parent) : undefined) {
        const at = await original(n.callFrame.url, n.callFrame.lineNumber, n.callFrame.columnNumber);
        if (!/^(packages|apps)\//.test(at)) continue;
        const k = `${n.callFrame.functionName || "(anonymous)"} @ ${at}`;
        if (!seen.has(k)) add(firstParty, k, s.dt);
        seen.add(k);
      }
    }
    return { bySource, firstParty };
  };

  const tasks = own
    .filter((e) => e.name === "RunTask" && e.ph === "X" && e.ts >= navigation)
    .sort((a, b) => a.ts - b.ts);
  // LONG_TASK_MS=30 also lists the tasks that Lighthouse's 4x simulation makes long.
  const threshold = Number(process.env.LONG_TASK_MS ?? 50) * 1000;
  const long = tasks.filter((t) => (t.dur ?? 0) > threshold);
  console.info(
    `long tasks (CPU ${CPU_RATE}x slower), from navigation: ${long.length}; total beyond 50 ms each (a TBT-like figure): ${Math.round(long.reduce((s, t) => s + Math.max(0, (t.dur ?? 0) - 50_000), 0) / 1000)} ms`,
  );
  for (const task of long) {
    const end = task.ts + (task.dur ?? 0);
    // What the task did, by the trace's own events directly inside it (scripts, style, layout, paint).
    const kinds = new Map<string, number>();
    for (const e of own) {
      if (e.ph !== "X" || e === task || e.ts < task.ts || e.ts >= end) continue;
      if (
        [
          "FunctionCall",
          "EvaluateScript",
          "v8.evaluateModule",
          "TimerFire",
          "FireAnimationFrame",
          "Layout",
          "UpdateLayoutTree",
          "Paint",
          "PrePaint",
          "ParseHTML",
          "v8.compileModule",
          "MajorGC",
          "MinorGC",
          "EventDispatch",
          "XHRReadyStateChange",
          "RunMicrotasks",
          "ParseAuthorStyleSheet",
        ].includes(e.name)
      ) {
        const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? "";
        add(kinds, `${e.name}${url ? ` ${String(url).replace(base, "")}` : ""}`, e.dur ?? 0);
      }
    }
    const { bySource, firstParty } = await summarize(task.ts, end);
    console.info(`\n-- ${Math.round((task.dur ?? 0) / 1000)} ms at ${Math.round((task.ts - navigation) / 1000)} ms --`);
    console.info(`  trace events (nested ones counted in their parents too):\n${table(kinds, 8)}`);
    console.info(`  JavaScript by source:\n${table(bySource, 8)}`);
    console.info(`  first-party, inclusive:\n${table(firstParty, 6)}`);
  }
  const whole = await summarize(navigation, Infinity);
  console.info(`\n== the whole load: JavaScript by source ==\n${table(whole.bySource, 25)}`);
  console.info(`\n== the whole load: first-party, inclusive ==\n${table(whole.firstParty, 25)}`);
}

async function main() {
  // TRACE_IN=file.trace.json: a trace recorded elsewhere (bench/lighthouse/run.ts with
  // LH_CPU_PROFILE=1 --save DIR), read against this build's source maps.
  if (process.env.TRACE_IN) {
    const events = JSON.parse(readFileSync(process.env.TRACE_IN, "utf8")) as
      { traceEvents?: TraceEvent[] } | TraceEvent[];
    const list = Array.isArray(events) ? events : (events.traceEvents ?? []);
    base = new URL(
      list.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http"))?.args?.data
        ?.documentLoaderURL ?? "http://x/",
    ).origin;
    await report(list);
    return;
  }
  const home = await openMemberHome();
  const { browser, page } = home;
  base = home.base;
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_RATE });
    // A trace, not a separate CPU profile: its tasks and its JavaScript samples share one clock,
    // so each long task can be told apart by what ran in it.
    await browser.startTracing(page, {
      categories: [
        "toplevel",
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8.execute",
        "blink.user_timing",
        "disabled-by-default-v8.cpu_profiler",
      ],
    });
    await page.goto(`${base}/`);
    await page.getByTestId("nearby-user-card").nth(40).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(3000);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, JSON.stringify(trace));
    await report(trace.traceEvents);
  } finally {
    await home.stop();
  }
}

await main();
