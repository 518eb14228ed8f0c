import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { FIRST_PASS, findHomeModules, homePage } from "./scripts/home-chunks.ts";

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

/** react-router's production build, beside the development build its package exports. */
function reactRouterProduction(): string {
  const entry = path.join(
    path.dirname(createRequire(import.meta.url).resolve("react-router")),
    "../production/index.mjs",
  );
  if (!existsSync(entry)) throw new Error(`react-router's production build is not at ${entry}`);
  return entry;
}

export default defineConfig(async ({ command }) => {
  // The signed-in home in a few chunks, not 38 (scripts/home-chunks.ts; docs/decisions/0028).
  const home =
    command === "build" && !process.env[FIRST_PASS]
      ? await findHomeModules(path.resolve(import.meta.dirname, "vite.config.ts"))
      : null;
  return {
    plugins: [react(), tailwindcss(), sharedHead(), homePage()],
    // React Router's package exports only its development build (its checks and warnings for the
    // developer); the build ships its production one, which its own Vite plugin would also pick.
    resolve:
      command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction() }] } : undefined,
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
      // A font is never inlined into the style sheet as a data: URL (Vite inlines files under 4 KB,
      // one of JetBrains Mono's subsets among them): the server's CSP allows fonts from the app's
      // own origin only (font-src 'self'), so the browser refused it with an error on every page.
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
      rolldownOptions: {
        // Two pages: the app, and the landing page a visitor gets at "/" (docs/decisions/0019).
        input: {
          index: path.resolve(import.meta.dirname, "index.html"),
          landing: path.resolve(import.meta.dirname, "landing.html"),
        },
        treeshake: { moduleSideEffects: (id: string) => (id.includes("/packages/contract/src/") ? false : undefined) },
        output: home
          ? {
              codeSplitting: {
                groups: [
                  // Only the modules found, not what they import: that is in the first scripts already.
                  { name: "common", test: (id: string) => home.common.has(id), includeDependenciesRecursively: false },
                  { name: "app", test: (id: string) => home.app.has(id), includeDependenciesRecursively: false },
                  { name: "home-libs", test: (id: string) => home.libs.has(id), includeDependenciesRecursively: false },
                  { name: "home", test: (id: string) => home.own.has(id), includeDependenciesRecursively: false },
                ],
              },
            }
          : undefined,
      },
    },
  };
});
