// Size budgets of the web app: the gzip size of the JavaScript a page loads
// before it is interactive, read from the build's manifest. Builds apps/web first when its build
// is missing or older than the sources. Prints the figures; exits 1 when a budget is exceeded.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSize, weighBudgets } from "../tooling/bundle-budget.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const DIST = path.join(ROOT, "apps/web/dist");
const MANIFEST = path.join(DIST, ".vite/manifest.json");

/**
 * KB of gzip (1 KB = 1,024 bytes). `goalKb` is the size aimed for; `limitKb`, what fails the run, is
 * the figure reached plus a little, so that it can only go down (docs/decisions/0017: React,
 * React DOM and the data router alone weigh about 95 KB).
 */
export const BUDGETS = [
  // A visitor gets the landing page's own page at "/" (landing.html, rendered at build time, its
  // own small script: docs/decisions/0019), so its budget weighs that page's entry.
  {
    name: "landing page (/, a visitor)",
    page: "landing.html",
    lazy: ["apps/web/src/landing-hydrate.tsx"],
    limitKb: 90,
    goalKb: 90,
  },
  {
    name: "signed-in home (/, a member)",
    // The home's chunk holds its three on-demand parts (the header, the member's session, the
    // home) with the home's own modules (apps/web/scripts/home-chunks.ts; docs/decisions/0030).
    lazy: [],
    chunks: ["home"],
    limitKb: 180,
    goalKb: 180,
  },
];

const SOURCES = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/landing.html",
  "apps/web/scripts",
  "apps/web/vite.config.ts",
  "apps/web/public",
  "packages/contract/src",
  "packages/ui/src",
  "packages/features/src",
];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { recursive: true }))
    newest = Math.max(newest, statSync(path.join(target, String(entry))).mtimeMs);
  return newest;
}

const stale =
  !existsSync(MANIFEST) || SOURCES.some((source) => newestChange(path.join(ROOT, source)) > statSync(MANIFEST).mtimeMs);
if (stale) {
  console.info("budget: building apps/web (its build is missing or older than the sources)");
  const build = spawnSync("npm", ["run", "build", "-w", "@vicinity/web"], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    process.exit(build.status ?? 1);
  }
}

const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
const results = weighBudgets(manifest, BUDGETS, (file) => gzipSize(readFileSync(path.join(DIST, file))));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
results.forEach((result, i) => {
  const verdict = result.within ? "ok" : "OVER BUDGET";
  const goal = (BUDGETS[i]?.goalKb ?? 0) * 1024;
  const toGoal = result.bytes <= goal ? "goal met" : `${kb(result.bytes - goal)} over the goal of ${kb(goal)}`;
  console.info(
    `${result.name}: ${kb(result.bytes)} gzip of JavaScript in ${result.files.length} files (budget ${kb(result.limitBytes)}: ${verdict}; ${toGoal})`,
  );
});
if (results.some((result) => !result.within)) process.exit(1);
