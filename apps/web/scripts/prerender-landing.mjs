// After `vite build`: renders the landing page into dist/landing.html (docs/decisions/0019). The
// page's module is built for Node into a scratch folder (removed afterwards), imported, and its
// HTML put in place of the `<!--landing-->` mark.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import react from "@vitejs/plugin-react";

const root = path.resolve(import.meta.dirname, "..");
const page = path.join(root, "dist/landing.html");
// Inside the app, so that Node finds the dependencies the built module leaves external.
const scratch = path.join(root, "node_modules/.cache/landing-prerender");
const MARK = "<!--landing-->";

try {
  await build({
    root,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { ssr: "src/landing-prerender.tsx", outDir: scratch, emptyOutDir: true, sourcemap: false, minify: false },
  });
  const { renderLanding } = await import(pathToFileURL(path.join(scratch, "landing-prerender.js")).href);
  const html = readFileSync(page, "utf8");
  if (!html.includes(MARK)) throw new Error(`${page} has no ${MARK} mark: was it rendered already?`);
  writeFileSync(page, html.replace(MARK, renderLanding()));
  console.info("prerendered the landing page into dist/landing.html");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
