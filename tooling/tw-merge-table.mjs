// tailwind-merge for the classes the app uses (docs/decisions/0033).
//
// `cn` lets a later Tailwind class win over an earlier one of the same group (a story's or a
// page's `className` over a component's own). tailwind-merge's default `twMerge` knows every
// utility Tailwind has: its configuration is 8 KB gzip of every page's first script, and its first
// call builds a lookup of every utility (20 ms at full speed, about 80 ms on Lighthouse's
// simulated phone) in the middle of the first render. A class can only matter when Tailwind made
// CSS for it, and Tailwind makes CSS only for the candidates its scanner finds in the sources the
// style sheet names (`@source`). This asks tailwind-merge's own default configuration for the
// group of each of those candidates and writes the groups found, with the conflicts between
// them, into packages/ui/src/lib/tw-merge-table.generated.ts; `cn` gives that table to
// tailwind-merge's `createTailwindMerge`. For every class in the sources it decides as the default
// does: the same parser, the same group for each base class, the same conflicts among the groups
// present (a conflict with a group no class uses can never be met).
//
//   node tooling/tw-merge-table.mjs     (writes the table; after a class is added to the sources)
//
// tooling/tw-merge-table.test.ts fails when the committed table is not what this writes, and
// compares the table's merges with the default's.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { __unstable__loadDesignSystem } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { getDefaultConfig } from "tailwind-merge";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
export const TABLE_FILE = path.join(root, "packages/ui/src/lib/tw-merge-table.generated.ts");
const STYLE_SHEET = path.join(root, "packages/ui/src/styles/index.css");

/** The folders the style sheet's `@source` rules name, which Tailwind scans for classes. */
export function styleSources(css = readFileSync(STYLE_SHEET, "utf8")) {
  const folders = [...css.matchAll(/@source\s+"([^"]+)"\s*;/g)].map((match) =>
    path.resolve(path.dirname(STYLE_SHEET), match[1]),
  );
  if (folders.length === 0) throw new Error(`${STYLE_SHEET} names no @source`);
  return folders;
}

/**
 * The classes Tailwind makes CSS for: the candidates its scanner finds in those folders (words,
 * names, classes) that the style sheet's design system turns into CSS. Any other class has no
 * style, so whether `cn` keeps it or not changes nothing on screen.
 */
export async function candidates() {
  const styleSheet = readFileSync(STYLE_SHEET, "utf8");
  const scanner = new Scanner({
    sources: styleSources(styleSheet).map((base) => ({ base, pattern: "**/*", negated: false })),
  });
  const found = [...new Set(scanner.scan())].sort();
  const designSystem = await __unstable__loadDesignSystem(styleSheet, { base: path.dirname(STYLE_SHEET) });
  const css = designSystem.candidatesToCss(found);
  return found.filter((_, index) => css[index]);
}

const defaultConfig = getDefaultConfig();
let internals;
/**
 * tailwind-merge's own parser and group lookup for its default configuration. The package exports
 * neither, so its bundle is read with one export line added (the version is pinned by the lock file;
 * the test compares merges with the package's `twMerge`, which would show a change of meaning).
 */
async function defaultUtils() {
  if (!internals) {
    const bundle = readFileSync(require.resolve("tailwind-merge").replace(/bundle-cjs\.js$/, "bundle-mjs.mjs"), "utf8");
    if (!bundle.includes("const createConfigUtils ="))
      throw new Error("tailwind-merge's bundle has no createConfigUtils: look at tooling/tw-merge-table.mjs again");
    const source = `${bundle}\nexport { createConfigUtils as __createConfigUtils };\n`;
    const module = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
    internals = module.__createConfigUtils(defaultConfig);
  }
  return internals;
}

/**
 * The group of each string tailwind-merge looks a class up by, as its `mergeClassList` does: the
 * base class, or for a class with a "/" postfix the base without it (and with it when that finds
 * nothing, or finds a group of `postfixLookupClassGroups`).
 */
function lookups(utils, postfixLookup, parsed) {
  const found = [];
  const lookUp = (key) => {
    const group = utils.getClassGroupId(key);
    // The lookup skips a leading "-" (a negative value: `-mt-2` is looked up as `mt-2`), and an
    // arbitrary property (`[mask-type:alpha]`) is grouped by its name, without the table.
    if (group && !key.startsWith("[")) found.push([key.length > 1 && key.startsWith("-") ? key.slice(1) : key, group]);
    return group;
  };
  const { baseClassName, maybePostfixModifierPosition } = parsed;
  if (!maybePostfixModifierPosition) {
    lookUp(baseClassName);
    return found;
  }
  const group = lookUp(baseClassName.substring(0, maybePostfixModifierPosition));
  if (!group || postfixLookup.includes(group)) lookUp(baseClassName);
  return found;
}

/** The table for these classes: each group's base classes, and the conflicts among the groups found. */
export async function buildTable(classes) {
  const utils = await defaultUtils();
  const config = defaultConfig;
  const groups = new Map();
  for (const className of classes) {
    const parsed = utils.parseClassName(className);
    if (parsed.isExternal) continue;
    for (const [key, group] of lookups(utils, config.postfixLookupClassGroups ?? [], parsed)) {
      if (!groups.has(group)) groups.set(group, new Set());
      groups.get(group).add(key);
    }
  }
  const present = (group) => groups.has(group);
  const among = (record) =>
    Object.fromEntries(
      Object.entries(record)
        .filter(([group]) => present(group))
        .map(([group, others]) => [group, others.filter(present)])
        .filter(([, others]) => others.length > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  return {
    classGroups: Object.fromEntries(
      [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([group, keys]) => [group, [...keys].sort()]),
    ),
    conflictingClassGroups: among(config.conflictingClassGroups),
    conflictingClassGroupModifiers: among(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: (config.postfixLookupClassGroups ?? []).filter(present),
    orderSensitiveModifiers: config.orderSensitiveModifiers,
  };
}

const joined = (record) => Object.fromEntries(Object.entries(record).map(([key, list]) => [key, list.join(" ")]));

/** The table as the TypeScript module `cn` imports (lists as space-separated strings: smaller). */
export function tableModule(table) {
  const json = (value) => JSON.stringify(value, null, 2);
  return `// Written by tooling/tw-merge-table.mjs from the classes in the style sheet's @source folders
// (docs/decisions/0033). Do not edit: run \`node tooling/tw-merge-table.mjs\`.
// The groups' lists are space-separated strings (smaller than arrays).

/** Each tailwind-merge class group the sources use, with its base classes. */
export const CLASS_GROUPS: Record<string, string> = ${json(joined(table.classGroups))};

/** The groups a group's class removes when it comes later. */
export const CONFLICTING_CLASS_GROUPS: Record<string, string> = ${json(joined(table.conflictingClassGroups))};

/** The same, for a class with a "/" postfix (text-sm/6 sets the line height too). */
export const CONFLICTING_CLASS_GROUP_MODIFIERS: Record<string, string> = ${json(joined(table.conflictingClassGroupModifiers))};

/** Groups whose classes are looked up again with their "/" postfix. */
export const POSTFIX_LOOKUP_CLASS_GROUPS: string[] = ${JSON.stringify(table.postfixLookupClassGroups)};

/** Variants whose order matters (kept in place when variants are compared). */
export const ORDER_SENSITIVE_MODIFIERS: string[] = ${JSON.stringify(table.orderSensitiveModifiers)};
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const table = await buildTable(await candidates());
  writeFileSync(TABLE_FILE, tableModule(table));
  const classes = Object.values(table.classGroups).reduce((sum, list) => sum + list.length, 0);
  console.info(
    `${path.relative(root, TABLE_FILE)}: ${classes} classes in ${Object.keys(table.classGroups).length} groups`,
  );
}
