import { describe, expect, it } from "vitest";
import type { Rolldown } from "vite";
import { HOME_ROOTS, LANDING_HYDRATE, homeModulesOf, homePage } from "./home-chunks";

const chunk = (
  fileName: string,
  moduleIds: string[],
  imports: string[],
  kind: { entry?: string; facade?: string } = {},
) =>
  ({
    type: "chunk",
    fileName,
    name: kind.entry ?? fileName.replace(/\.js$/, ""),
    moduleIds,
    imports,
    isEntry: kind.entry !== undefined,
    isDynamicEntry: kind.facade !== undefined,
    facadeModuleId: kind.facade ?? null,
  }) as unknown as Rolldown.OutputChunk;

const [homeRoot, sessionRoot, headerRoot] = HOME_ROOTS.map((root) => `/repo${root}`) as [string, string, string];
const lib = (name: string) => `/repo/node_modules/${name}/index.js`;
const own = (name: string) => `/repo/packages/features/src/${name}.ts`;

// What the first pass splits automatically: each set of pages that shares modules has a chunk.
const firstPass = [
  chunk("index.js", [own("main")], ["react.js", "app.js"], { entry: "index" }),
  // The landing page's first script is small: it asks for the rest once the page is painted.
  chunk("landing.js", [own("landing-main")], [], { entry: "landing" }),
  chunk("landing-hydrate.js", [`/repo${LANDING_HYDRATE}`], ["react.js", "shared-with-landing.js"], {
    facade: `/repo${LANDING_HYDRATE}`,
  }),
  chunk("react.js", [lib("react")], []),
  chunk("app.js", [own("router")], ["react.js"]),
  chunk("shared-with-landing.js", [own("avatar"), lib("radix-avatar")], ["react.js"]),
  chunk("signed-in-home.js", [homeRoot], ["index.js", "icons.js", "grid.js", "shared-with-landing.js"], {
    facade: homeRoot,
  }),
  chunk("member-session.js", [sessionRoot], ["index.js", "grid.js"], { facade: sessionRoot }),
  chunk("app-header.js", [headerRoot], ["index.js", "icons.js"], { facade: headerRoot }),
  chunk("icons.js", [lib("lucide-bell"), lib("lucide-user")], ["react.js"]),
  chunk("grid.js", [own("grid"), "\0vite/preload-helper"], ["react.js"]),
  chunk("messages.js", [own("messages-page")], ["index.js", "grid.js"], { facade: own("messages-page") }),
];

describe("homeModulesOf", () => {
  const groups = homeModulesOf(firstPass);

  it("captures the home's modules beyond the first scripts: packages apart from ours", () => {
    expect([...groups.libs]).toEqual([lib("lucide-bell"), lib("lucide-user")]);
    expect([...groups.own]).toEqual([homeRoot, own("grid"), sessionRoot, headerRoot]);
  });

  it("leaves the first scripts' modules, other pages' and the bundler's helpers where they are", () => {
    const captured = [...groups.common, ...groups.app, ...groups.libs, ...groups.own];
    for (const id of [
      own("main"),
      own("landing-main"),
      `/repo${LANDING_HYDRATE}`,
      lib("react"),
      "\0vite/preload-helper",
      own("messages-page"),
    ])
      expect(captured).not.toContain(id);
  });

  it("puts what the landing page's scripts (the first, and the one it asks for once painted) share with the home in one chunk, and the app's first script beyond its entry in another", () => {
    expect([...groups.common]).toEqual([own("avatar"), lib("radix-avatar")]);
    expect([...groups.app]).toEqual([own("router")]);
  });

  it("says which part of the home it cannot find", () => {
    expect(() => homeModulesOf(firstPass.filter((c) => c.facadeModuleId !== headerRoot))).toThrow(
      /no chunk holds .*app-header\.tsx/,
    );
    expect(() => homeModulesOf(firstPass.filter((c) => c.fileName !== "landing-hydrate.js"))).toThrow(
      /no chunk holds .*landing-hydrate\.tsx/,
    );
  });
});

describe("homePage", () => {
  it("writes home.html: index.html with a modulepreload link for each home chunk it does not link yet (the parts grouped or not)", () => {
    const index =
      '<html>\n  <head>\n    <script type="module" crossorigin src="/assets/index.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react.js">\n  </head>\n</html>';
    const bundle: Record<string, unknown> = { "index.html": { type: "asset", fileName: "index.html", source: index } };
    for (const c of firstPass)
      bundle[`assets/${c.fileName}`] = {
        ...c,
        fileName: `assets/${c.fileName}`,
        imports: c.imports.map((i) => `assets/${i}`),
      };
    const emitted: { fileName: string; source: string }[] = [];
    const context = {
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const hook = homePage().generateBundle as unknown as {
      handler: (this: typeof context, options: unknown, bundle: unknown) => void;
    };
    hook.handler.call(context, {}, bundle);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.fileName).toBe("home.html");
    const links = [...emitted[0]!.source.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    // index.js and react.js are linked once (by index.html); messages.js is another page's.
    expect(links.sort()).toEqual([
      "/assets/app-header.js",
      "/assets/app.js",
      "/assets/grid.js",
      "/assets/icons.js",
      "/assets/member-session.js",
      "/assets/react.js",
      "/assets/shared-with-landing.js",
      "/assets/signed-in-home.js",
    ]);
    expect(emitted[0]!.source).toMatch(/<\/head>\n<\/html>$/);

    // The real build: the three parts in the home's chunk, with its own modules.
    const grouped: Record<string, unknown> = { "index.html": bundle["index.html"] };
    const homeChunk = chunk("home.js", [homeRoot, sessionRoot, headerRoot, own("grid")], ["index.js", "icons.js"]);
    for (const c of [
      ...firstPass.filter(
        (c) => !["signed-in-home.js", "member-session.js", "app-header.js", "grid.js"].includes(c.fileName),
      ),
      homeChunk,
    ])
      grouped[`assets/${c.fileName}`] = {
        ...c,
        fileName: `assets/${c.fileName}`,
        imports: c.imports.map((i) => `assets/${i}`),
      };
    hook.handler.call(context, {}, grouped);
    const groupedLinks = [...emitted[1]!.source.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    expect(groupedLinks.sort()).toEqual(["/assets/app.js", "/assets/home.js", "/assets/icons.js", "/assets/react.js"]);
  });
});
