// Adds up the JSON reports of every suite `npm test` ran and prints one closing line.
// The stories are checked by the visual suite (play, axe, console.error, screenshot in one visit);
// `npm run test:stories` is for developers and is not counted here.
import { existsSync, readFileSync } from "node:fs";

const suites = [
  ["unit", "reports/unit.json", "vitest"],
  ["server", "reports/server.json", "vitest"],
  ["visual", "reports/visual.json", "playwright"],
  ["e2e", "reports/e2e.json", "playwright"],
];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, file, kind] of suites) {
  if (!existsSync(file)) {
    console.error(`summary: ${name} wrote no report (${file})`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  let p, f, s;
  if (kind === "vitest") {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + report.numTodoTests;
  } else {
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  }
  console.info(`${name}: ${p} passed, ${f} failed, ${s} skipped`);
  // On CI the database and Redis suites must run: a skip there is a failure.
  if (process.env.CI === "true" && name === "server" && s > 0) {
    console.error("summary: server tests were skipped on CI (is DATABASE_URL or REDIS_URL missing?)");
    failed += s;
  }
  passed += p;
  failed += f;
  skipped += s;
}
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
