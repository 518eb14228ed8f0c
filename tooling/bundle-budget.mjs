// What a page of the built web app loads before it runs, read from Vite's manifest:
// the entry of its HTML page (the app's index.html, or landing.html, the page a visitor
// gets at "/": docs/decisions/0019), the chunks it starts from and, transitively, their static
// imports (never the chunks they load on demand). scripts/budget.mjs weighs them against the budgets.
import { gzipSync } from "node:zlib";

/** The manifest key of the entry of an HTML page of the build ("index.html", "landing.html"). */
export function entryKey(manifest, page = "index.html") {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry && (manifest[key].src ?? key) === page);
  if (keys.length !== 1) throw new Error(`expected one entry for ${page} in the manifest, found ${keys.length}`);
  return keys[0];
}

/**
 * The manifest key of the chunk a source module starts (`source` relative to the repository,
 * e.g. "packages/features/src/shell/components/signed-in-home.tsx"). Keys are relative to the
 * app's root ("../../packages/..."), so the match is on the path's end.
 */
export function chunkKeyOf(manifest, source) {
  const key = Object.keys(manifest).find((k) => {
    const src = (manifest[k].src ?? k).replace(/^(\.\.\/)+/, "");
    return src === source || source.endsWith(`/${src}`) || src.endsWith(`/${source}`);
  });
  if (!key)
    throw new Error(`no chunk in the build starts at ${source}: was it renamed, or is it no longer loaded on demand?`);
  return key;
}

/**
 * The manifest key of the shared chunk named `name` (a group of the build's own, such as the home's
 * chunk: apps/web/scripts/home-chunks.ts). A module captured in such a group has no key of its own.
 */
export function namedChunkKey(manifest, name) {
  const keys = Object.keys(manifest).filter(
    (k) => manifest[k].name === name && !manifest[k].isEntry && !manifest[k].src,
  );
  if (keys.length !== 1) throw new Error(`expected one chunk named ${name} in the manifest, found ${keys.length}`);
  return keys[0];
}

/** The JavaScript files loaded to run the chunks `keys`: each one and its static imports, once each. */
export function staticFiles(manifest, keys) {
  const seen = new Set();
  const files = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no such chunk`);
    if (chunk.file.endsWith(".js")) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** gzip at level 9, what the server sends (tooling/precompress.mjs). */
export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Weighs every budget: its page's entry (`page`, index.html when not given), plus the chunks its
 * `lazy` sources start and its named `chunks`, with their static imports. `sizeOf(file)` gives a file's compressed size
 * in bytes.
 */
export function weighBudgets(manifest, budgets, sizeOf) {
  return budgets.map((budget) => {
    const entry = entryKey(manifest, budget.page);
    const lazy = [
      ...budget.lazy.map((source) => chunkKeyOf(manifest, source)),
      ...(budget.chunks ?? []).map((name) => namedChunkKey(manifest, name)),
    ];
    const files = staticFiles(manifest, [entry, ...lazy]);
    const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
    return {
      name: budget.name,
      files,
      bytes,
      limitBytes: budget.limitKb * 1024,
      within: bytes <= budget.limitKb * 1024,
    };
  });
}
