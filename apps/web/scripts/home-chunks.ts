import type { Plugin, Rolldown } from "vite";

/**
 * The signed-in home in few chunks (docs/decisions/0028).
 *
 * Rolldown's automatic splitting gives each set of pages that share modules a chunk of its own:
 * the home came in 38 files, most of them one or two KB (an icon, a Radix primitive). Each is a
 * request (over HTTP/1.1 six at a time, a round trip each on a phone's network) and a link that
 * Vite's preload helper adds while the first script runs.
 *
 * Which modules the home needs beyond the first script is known only after tree-shaking (the
 * packages' index files name every module of a feature, the home uses a few), so the build runs
 * twice: a first pass, not written, splits automatically; its chunks tell which modules the home's
 * on-demand parts (`HOME_ROOTS`) load that no page's first scripts (the app's; the landing page's,
 * with the script it asks for once painted) hold. The real build captures those in two groups: `home-libs` (packages, which change
 * seldom, so a member's browser keeps them across releases) and `home` (ours, the three parts
 * themselves included: three requests fewer before his first render, docs/decisions/0030). Other
 * pages that use some of those modules load those chunks too; a member has them already, from his
 * home.
 */
export const HOME_ROOTS = [
  "/packages/features/src/shell/components/signed-in-home.tsx",
  "/packages/features/src/shell/components/member-session.tsx",
  "/packages/features/src/shell/components/app-header.tsx",
];

/**
 * The landing page's second script (docs/decisions/0031): its first asks for it once the page is
 * painted, on every visit, so what it loads counts as the landing page's first scripts here.
 */
export const LANDING_HYDRATE = "/apps/web/src/landing-hydrate.tsx";

/** Set in the first pass's environment, so that it does not start a pass of its own. */
export const FIRST_PASS = "VICINITY_HOME_CHUNKS_FIRST_PASS";

export interface HomeModules {
  /** What the landing page's first script and the home both load (the landing page's icons, its card). */
  common: Set<string>;
  /** What the app's first script loads beyond its entry and what it shares with the landing page. */
  app: Set<string>;
  /** The home's packages beyond the first script. */
  libs: Set<string>;
  /** The home's own modules beyond the first script. */
  own: Set<string>;
}

/** The chunks `roots` load, themselves included, each once, in the order they are first reached. */
function importClosure(chunks: Rolldown.OutputChunk[], roots: Rolldown.OutputChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    byFile.get(file)?.imports.forEach(visit);
  };
  roots.forEach((chunk) => visit(chunk.fileName));
  return seen;
}

/** The chunks that hold the home's three on-demand parts (in the real build, all three are in `home`). */
function homeRootChunks(chunks: Rolldown.OutputChunk[]): Rolldown.OutputChunk[] {
  return HOME_ROOTS.map((root) => {
    const chunk = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(root)));
    if (!chunk) throw new Error(`home-chunks: no chunk holds ${root}`);
    return chunk;
  });
}

/** The modules to capture, from the first pass's chunks. */
export function homeModulesOf(chunks: Rolldown.OutputChunk[]): HomeModules {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (roots: Rolldown.OutputChunk[]) => importClosure(chunks, roots);
  const entry = (name: string) => {
    const chunk = chunks.find((candidate) => candidate.isEntry && candidate.name === name);
    if (!chunk) throw new Error(`home-chunks: no entry chunk named ${name}`);
    return chunk;
  };
  const app = entry("index");
  const landing = entry("landing");
  const landingHydrate = chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(LANDING_HYDRATE)));
  if (!landingHydrate) throw new Error(`home-chunks: no chunk holds ${LANDING_HYDRATE}`);
  const appFirst = closure([app]);
  const landingFirst = closure([landing, landingHydrate]);
  const home = closure(homeRootChunks(chunks));
  const modulesOf = (files: Iterable<string>) =>
    new Set([...files].flatMap((file) => byFile.get(file)!.moduleIds).filter((id) => !id.startsWith("\0")));
  const homeOnly = [...modulesOf([...home].filter((file) => !appFirst.has(file) && !landingFirst.has(file)))];
  const isLib = (id: string) => id.includes("/node_modules/");
  return {
    common: modulesOf([...landingFirst].filter((file) => home.has(file) && !appFirst.has(file))),
    app: modulesOf([...appFirst].filter((file) => file !== app.fileName && !landingFirst.has(file))),
    libs: new Set(homeOnly.filter(isLib)),
    own: new Set(homeOnly.filter((id) => !isLib(id))),
  };
}

/** Runs the first pass: the same build, automatic splitting only, nothing written. */
export async function findHomeModules(configFile: string): Promise<HomeModules> {
  const { build } = await import("vite");
  process.env[FIRST_PASS] = "1";
  try {
    const result = await build({
      configFile,
      logLevel: "silent",
      build: { write: false, sourcemap: false, manifest: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return homeModulesOf(
      outputs.flatMap((output) => output.output.filter((item): item is Rolldown.OutputChunk => item.type === "chunk")),
    );
  } finally {
    delete process.env[FIRST_PASS];
  }
}

/**
 * `home.html`: index.html with a modulepreload link for each chunk of the home that the first
 * script would otherwise ask for only once it runs (docs/decisions/0028). The server sends it at
 * "/" to a member (a guest and every other address get index.html). Vite's preload helper finds
 * the links already there and adds none.
 */
export function homePage(): Plugin {
  return {
    name: "vicinity-home-page",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (!index || index.type !== "asset") return;
        const html = String(index.source);
        const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === "chunk");
        const files = [...importClosure(chunks, homeRootChunks(chunks))];
        const links = files
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`);
        if (!html.includes("</head>")) this.error("home-page: index.html has no </head>");
        this.emitFile({
          type: "asset",
          fileName: "home.html",
          source: html.replace(/\s*<\/head>/, `\n${links.join("\n")}\n  </head>`),
        });
      },
    },
  };
}
