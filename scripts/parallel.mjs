// Runs npm scripts side by side (`node scripts/parallel.mjs typecheck lint`): each one's output is
// printed whole when it ends, and the exit code is the first failure's. For steps of `npm test`
// that each use one core (tsc, ESLint) on a machine with two: CI time.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
const started = Date.now();
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          process.stdout.write(
            `== npm run ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s\n${output}`,
          );
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.find((code) => code !== 0) ?? 0);
