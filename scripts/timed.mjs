// Runs npm scripts one after another (`node scripts/timed.mjs test:unit test:server`), their output
// as it comes, and prints how long each took: where `npm test`'s time goes. Stops at the first
// that fails, with its exit code.
import { spawnSync } from "node:child_process";

for (const name of process.argv.slice(2)) {
  const started = Date.now();
  const { status } = spawnSync("npm", ["run", "--silent", name], { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.info(`== npm run ${name}: ${status === 0 ? "passed" : `failed (exit ${status})`} in ${seconds} s`);
  if (status !== 0) process.exit(status ?? 1);
}
