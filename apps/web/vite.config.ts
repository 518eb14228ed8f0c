import { readFileSync } from "node:fs";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";

const apiTarget = process.env.VICINITY_API ?? "http://localhost:3000";
const HEAD_MARK = "<!--the head of index.html-->";

/** landing.html (docs/decisions/0019) takes its head (title, description, icon) from index.html. */
function sharedHead(): Plugin {
  return {
    name: "vicinity-shared-head",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(HEAD_MARK)) return html;
        const index = readFileSync(path.resolve(import.meta.dirname, "index.html"), "utf8");
        const head = /<head>([\s\S]*?)<\/head>/.exec(index)?.[1];
        if (!head) throw new Error("index.html has no <head>");
        return html.replace(HEAD_MARK, head.trim());
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sharedHead()],
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/media": apiTarget,
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    // Every browser the app supports preloads modules itself (Chrome 66, Firefox 115, Safari 17):
    // no polyfill in the first script of every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two pages: the app, and the landing page a visitor gets at "/" (docs/decisions/0019).
      input: { index: path.resolve(import.meta.dirname, "index.html"), landing: path.resolve(import.meta.dirname, "landing.html") },
      treeshake: { moduleSideEffects: (id: string) => (id.includes("/packages/contract/src/") ? false : undefined) },
    },
  },
});
