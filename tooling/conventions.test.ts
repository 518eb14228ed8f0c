import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MOCKING_UNIT_TESTS } from "./mocking-unit-tests";

const root = path.resolve(import.meta.dirname, "..");

function filesUnder(dir: string, match: RegExp): string[] {
  const abs = path.join(root, dir);
  const out: string[] = [];
  for (const name of readdirSync(abs)) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...filesUnder(rel, match));
    else if (match.test(name)) out.push(rel);
  }
  return out;
}

const storyFiles = [
  ...filesUnder("packages/ui/src", /\.stories\.tsx$/),
  ...filesUnder("packages/features/src", /\.stories\.tsx$/),
  ...filesUnder("stories", /\.stories\.tsx$/),
];
const storySources = storyFiles.map((f) => readFileSync(path.join(root, f), "utf8"));

const componentFiles = [
  ...filesUnder("packages/ui/src/components", /\.tsx$/),
  ...filesUnder("packages/features/src", /\.tsx$/),
].filter((f) => !/\.(stories|test|spec)\.tsx$/.test(f));

/** The names a component file exports (function components and consts). */
function exportedNames(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  return [...source.matchAll(/export (?:default )?(?:function|const) ([A-Z][A-Za-z0-9]*)/g)].map((m) => m[1] ?? "");
}

describe("story conventions", () => {
  it("finds the stories and components it checks", () => {
    expect(storyFiles.length).toBeGreaterThan(20);
    expect(componentFiles.length).toBeGreaterThan(20);
  });

  it.each(componentFiles)("%s has a story that renders one of its components", (file) => {
    const names = exportedNames(file);
    expect(names.length, `${file} exports no component`).toBeGreaterThan(0);
    const base = path.basename(file, ".tsx");
    const used = storySources.some(
      (src) => src.includes(`/${base}"`) && names.some((n) => new RegExp(`\\b${n}\\b`).test(src)),
    );
    expect(used, `no *.stories.tsx imports ${file} and names ${names.join(", ")}`).toBe(true);
  });

  /** The `title` of the file's default export (`const meta = { title: "..." ... }`). */
  const metaTitle = (source: string) => /const meta\b[^=]*=\s*\{[^]*?\btitle: "([^"]+)"/.exec(source)?.[1];

  const TITLE = /^(Foundations|UI|Screens|Features\/[A-Z][A-Za-z]+)\/[A-Z][A-Za-z]+$/;

  it.each(storyFiles)("%s has a title of the scheme Layer[/Feature]/Component", (file) => {
    const source = storySources[storyFiles.indexOf(file)] ?? "";
    expect(metaTitle(source), `${file} must declare its meta's title`).toMatch(TITLE);
  });

  it("gives every story file a distinct title", () => {
    const titles = storySources.map(metaTitle);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("unit test conventions", () => {
  const unitTests = [
    ...filesUnder("packages", /\.test\.ts$/).filter((f) => f.includes(`${path.sep}src${path.sep}`)),
    ...filesUnder("apps/web", /\.test\.ts$/).filter((f) => !f.includes("node_modules")),
    ...filesUnder("tooling", /\.test\.ts$/),
    ...filesUnder("stories", /\.test\.ts$/),
  ];

  it("runs every unit test that replaces modules (vi.mock) in a module graph of its own", () => {
    expect(unitTests.length).toBeGreaterThan(20);
    const mocking = unitTests.filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, f), "utf8")));
    expect(mocking.sort(), "list them in MOCKING_UNIT_TESTS (tooling/mocking-unit-tests.ts)").toEqual(
      [...MOCKING_UNIT_TESTS].sort(),
    );
  });
});
