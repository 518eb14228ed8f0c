import { describe, expect, it } from "vitest";
import { chunkKeyOf, entryKey, namedChunkKey, staticFiles, weighBudgets, type Manifest } from "./bundle-budget.mjs";

/**
 * A build like the app's: the app's entry, the landing page's entry, a shared vendor chunk, a
 * lazy home with its own import, a lazy page.
 */
const manifest: Manifest = {
  "index.html": {
    file: "assets/index-a.js",
    src: "index.html",
    isEntry: true,
    imports: ["_vendor.js"],
    dynamicImports: ["../../packages/features/src/shell/components/signed-in-home.tsx", "src/pages/messages.tsx"],
    css: ["assets/index.css"],
  },
  "landing.html": {
    file: "assets/landing-f.js",
    src: "landing.html",
    isEntry: true,
    imports: ["_landing-page.js"],
    css: ["assets/index.css"],
  },
  "_landing-page.js": { file: "assets/landing-page-g.js" },
  "_vendor.js": { file: "assets/vendor-b.js", imports: ["index.html"] },
  "../../packages/features/src/shell/components/signed-in-home.tsx": {
    file: "assets/signed-in-home-c.js",
    src: "../../packages/features/src/shell/components/signed-in-home.tsx",
    isDynamicEntry: true,
    imports: ["index.html", "_vendor.js", "_discovery.js"],
  },
  "_discovery.js": { file: "assets/discovery-d.js", name: "discovery", imports: ["_vendor.js"] },
  "src/pages/messages.tsx": {
    file: "assets/messages-e.js",
    src: "src/pages/messages.tsx",
    isDynamicEntry: true,
    imports: ["index.html"],
  },
  "_index.css": { file: "assets/index.css" },
};

const sizes: Record<string, number> = {
  "assets/index-a.js": 50_000,
  "assets/vendor-b.js": 30_000,
  "assets/signed-in-home-c.js": 10_000,
  "assets/discovery-d.js": 5_000,
  "assets/messages-e.js": 99_000,
  "assets/landing-f.js": 7_000,
  "assets/landing-page-g.js": 30_000,
};
const sizeOf = (file: string) => sizes[file] ?? 0;

describe("bundle budgets", () => {
  it("finds the entry of each page, the app's by default", () => {
    expect(entryKey(manifest)).toBe("index.html");
    expect(entryKey(manifest, "landing.html")).toBe("landing.html");
    expect(() => entryKey(manifest, "gone.html")).toThrow(/one entry for gone.html/);
    expect(() => entryKey({})).toThrow(/one entry for index.html/);
  });

  it("finds a lazy module's chunk by its path from the repository's root", () => {
    expect(chunkKeyOf(manifest, "packages/features/src/shell/components/signed-in-home.tsx")).toBe(
      "../../packages/features/src/shell/components/signed-in-home.tsx",
    );
    expect(chunkKeyOf(manifest, "apps/web/src/pages/messages.tsx")).toBe("src/pages/messages.tsx");
    expect(() => chunkKeyOf(manifest, "packages/features/src/shell/components/gone.tsx")).toThrow(/no chunk/);
  });

  it("finds a shared chunk by its name (a group of the build's own), never an entry or a lazy module's chunk", () => {
    expect(namedChunkKey(manifest, "discovery")).toBe("_discovery.js");
    expect(() => namedChunkKey(manifest, "index")).toThrow(/one chunk named index/);
    expect(() => namedChunkKey(manifest, "gone")).toThrow(/one chunk named gone/);
  });

  it("follows static imports once each, never dynamic imports, and counts JavaScript only", () => {
    expect(staticFiles(manifest, ["index.html"])).toEqual(["assets/index-a.js", "assets/vendor-b.js"]);
    expect(
      staticFiles(manifest, ["index.html", "../../packages/features/src/shell/components/signed-in-home.tsx"]),
    ).toEqual(["assets/index-a.js", "assets/vendor-b.js", "assets/signed-in-home-c.js", "assets/discovery-d.js"]);
  });

  it("weighs each budget: its page's entry with its imports, plus its lazy chunks with theirs", () => {
    const [app, landing, home] = weighBudgets(
      manifest,
      [
        { name: "app", lazy: [], limitKb: 80 },
        { name: "landing", page: "landing.html", lazy: [], limitKb: 36 },
        { name: "home", lazy: ["packages/features/src/shell/components/signed-in-home.tsx"], limitKb: 90 },
      ],
      sizeOf,
    );
    expect(app).toMatchObject({ bytes: 80_000, limitBytes: 81_920, within: true });
    expect(landing).toMatchObject({
      files: ["assets/landing-f.js", "assets/landing-page-g.js"],
      bytes: 37_000,
      limitBytes: 36_864,
      within: false,
    });
    expect(home).toMatchObject({ bytes: 95_000, limitBytes: 92_160, within: false });
    expect(home?.files).toHaveLength(4);
    const [named] = weighBudgets(manifest, [{ name: "named", lazy: [], chunks: ["discovery"], limitKb: 90 }], sizeOf);
    expect(named).toMatchObject({
      files: ["assets/index-a.js", "assets/vendor-b.js", "assets/discovery-d.js"],
      bytes: 85_000,
    });
  });
});
