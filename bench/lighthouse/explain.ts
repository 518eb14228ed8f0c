/**
 * What Lighthouse's simulated LCP and TBT are made of (`npm run bench:lighthouse -- --explain`).
 *
 * Lighthouse does not time the page it loaded: it records one fast load, builds a graph of its
 * requests and main-thread tasks, and replays that graph under simulated slow 4G (150 ms round
 * trips, 1.6 Mbit/s) with every task 4x longer ("lantern"). Its LCP is the mean of two replays,
 * an optimistic and a pessimistic graph, each holding every request that ended before the
 * recorded LCP (low-priority images aside) and the tasks they wait on. Its TBT is the sum, past
 * 50 ms each, of the replayed tasks between the simulated FCP and the page's quiet.
 *
 * This prints both replays of one run: for LCP, each request and task of the graph with its
 * simulated start and end (the last end is the LCP), and, for TBT, each task the replay makes
 * longer than 50 ms with what the recorded task did. From a saved run (Lighthouse's own files:
 * artifacts.json, the trace and the DevTools log), through Lighthouse's own computed artifacts.
 */
import { loadArtifacts } from "lighthouse/core/lib/asset-saver.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { LanternTotalBlockingTime } from "lighthouse/core/computed/metrics/lantern-total-blocking-time.js";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";

interface TraceEventLike {
  name: string;
  dur?: number;
  args?: { data?: { url?: string } };
}
interface GraphNode {
  type: "network" | "cpu";
  request?: { url: string; resourceType?: string; priority: string; transferSize: number };
  childEvents?: TraceEventLike[];
}
interface Timing {
  startTime: number;
  endTime: number;
  duration: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, Timing>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

const ms = (value: number) => value.toFixed(0).padStart(5);

/** A recorded task in a few words: its longest kinds of work, in milliseconds at full speed. */
function taskSummary(node: GraphNode): string {
  const byKind = new Map<string, number>();
  for (const event of node.childEvents ?? []) {
    if (!event.dur) continue;
    const file = event.args?.data?.url?.split("/").pop();
    const kind = file ? `${event.name}(${file.slice(0, 24)})` : event.name;
    byKind.set(kind, (byKind.get(kind) ?? 0) + event.dur / 1000);
  }
  return [...byKind.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([kind, total]) => `${kind} ${total.toFixed(0)}`)
    .join(", ");
}

function describe(node: GraphNode, base: string): string {
  if (node.type === "network" && node.request) {
    const { resourceType, priority, transferSize, url } = node.request;
    return `${resourceType ?? "?"} (${priority}) ${(transferSize / 1024).toFixed(1)} KB ${url.replace(base, "").slice(0, 60)}`;
  }
  return `task: ${taskSummary(node)}`;
}

/** Prints the simulated LCP's graph and the simulated TBT's blocking tasks of the run saved in `dir`. */
export async function explainRun(dir: string, base: string): Promise<void> {
  const artifacts = await loadArtifacts(dir);
  const settings = artifacts.settings;
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  // Lighthouse's computed artifacts are typed for its own audits: these are the fields read here.
  const lcp = (await LanternLargestContentfulPaint.request(
    data as never,
    context as never,
  )) as unknown as LanternResult;
  const fcp = (await LanternFirstContentfulPaint.request(data as never, context as never)) as unknown as LanternResult;
  const tbt = (await LanternTotalBlockingTime.request(data as never, context as never)) as unknown as LanternResult;

  console.info(
    `  simulated LCP ${lcp.timing.toFixed(0)} ms: optimistic ${lcp.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${lcp.pessimisticEstimate.timeInMs.toFixed(0)}`,
  );
  for (const [label, estimate] of [
    ["optimistic", lcp.optimisticEstimate],
    ["pessimistic", lcp.pessimisticEstimate],
  ] as const) {
    console.info(`  -- LCP, ${label} graph (simulated start-end, ms)`);
    const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, timing] of rows)
      console.info(`  ${ms(timing.startTime)}-${ms(timing.endTime)}  ${describe(node, base)}`);
  }
  // TBT counts the tasks after FCP (as the pessimistic replay has it); the ones before are shown, marked.
  const fcpAt = fcp.pessimisticEstimate.timeInMs;
  console.info(
    `  simulated TBT ${tbt.timing.toFixed(0)} ms, FCP ${fcp.timing.toFixed(0)} ms (pessimistic ${fcpAt.toFixed(0)}); tasks the pessimistic replay makes longer than 50 ms (simulated start, length; recorded work at full speed, ms):`,
  );
  const blocking = [...tbt.pessimisticEstimate.nodeTimings.entries()]
    .filter(([node, timing]) => node.type === "cpu" && timing.duration > 50)
    .sort((a, b) => a[1].startTime - b[1].startTime);
  for (const [node, timing] of blocking) {
    const before = timing.endTime <= fcpAt ? " (before FCP: not counted)" : "";
    console.info(`  ${ms(timing.startTime)} +${ms(timing.duration)}  ${taskSummary(node)}${before}`);
  }
}
