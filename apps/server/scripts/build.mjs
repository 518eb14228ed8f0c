// The server for production: TypeScript compiled once, here, to JavaScript in
// dist/, so that a production node runs plain `node dist/main.js` with no compiler at run time.
// Our own workspace packages (@vicinity/contract) are TypeScript sources: they are bundled in.
// Every other package stays an import from node_modules (native addons, WebAssembly, data files
// found through their package's own path). The SQL migrations are copied beside the bundle.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const started = performance.now();

rmSync(dist, { recursive: true, force: true });

/** Bare imports (packages) stay external, but our own TypeScript workspaces are compiled in. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@vicinity/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const result = await build({
  entryPoints: {
    main: "src/main.ts",
    "admin-cli": "src/admin-cli.ts",
    "seed-cli": "src/demo/seed-cli.ts",
    "backup-cli": "src/ops/backup-cli.ts",
  },
  absWorkingDir: root,
  outdir: dist,
  bundle: true,
  // One file per entry: database.ts finds its migrations beside the file it is in.
  splitting: false,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: true,
  // Stack traces name our functions (pino logs them).
  keepNames: true,
  plugins: [externalPackages],
  logLevel: "warning",
  metafile: true,
});

// database.ts reads its migrations beside itself: in the bundle, beside main.js.
cpSync(path.join(root, "src/db/migrations"), path.join(dist, "migrations"), { recursive: true });

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.info(
  `server built to dist/ in ${Math.round(performance.now() - started)} ms (${(bytes / 1024).toFixed(0)} KB with source maps)`,
);
