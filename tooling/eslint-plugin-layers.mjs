/**
 * One-way layering (docs/decisions/0002-layer-lint-rule.md):
 *   apps/* -> packages/features -> packages/ui -> nothing of ours; packages/contract is for everyone.
 *
 * Inside packages/features/src, features are leaves:
 * - A feature (a folder, `<name>/`) imports `@vicinity/features/shared` and its own files by
 *   relative path, never another feature, nor its own public entry (that would import it back
 *   through its index).
 * - `shared/` is what several features use (http, session, realtime, media, location, the form
 *   parts, the maps...) and the slots through which a screen shows another feature's part. It
 *   imports no feature; its modules import each other by relative path, not through its entry.
 * - `shell/` is the one composition place: the only feature that imports other features, through
 *   their public entry (`@vicinity/features/<name>`), to put one's part into another's screen.
 * - Nobody imports a deeper path of a feature (`@vicinity/features/<name>/...`), nor leaves his
 *   feature's folder by a relative path.
 * Stories and tests follow the same rules, except that they may also import `mocks/`. Fixtures
 * (`*.fixture.ts`, `*.fixtures.ts`) are test code: only stories, tests and other fixtures import
 * them.
 */
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The features' shared layer, which every feature may import and which imports none. */
const SHARED = "shared";
/** The one feature that may import other features: it composes their parts into screens. */
const COMPOSITION = "shell";

/** Which layer a file (absolute path) belongs to, and for features which feature. */
export function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join("/");
  if (rel.startsWith("packages/contract/")) return { layer: "contract" };
  if (rel.startsWith("packages/ui/")) return { layer: "ui" };
  if (rel.startsWith("packages/features/src/")) {
    return { layer: "features", feature: rel.split("/")[3] };
  }
  if (rel.startsWith("packages/features/")) return { layer: "features" };
  if (rel.startsWith("apps/web/")) return { layer: "web" };
  if (rel.startsWith("apps/server/")) return { layer: "server" };
  if (rel.startsWith("mocks/")) return { layer: "mocks" };
  return { layer: "other" };
}

/** What an import specifier points at, seen from `file`. */
function targetOf(specifier, file) {
  if (specifier.startsWith(".")) {
    const abs = path.resolve(path.dirname(file), specifier);
    return { ...layerOf(abs), relative: true };
  }
  const m = /^@vicinity\/([^/]+)(?:\/(.*))?$/.exec(specifier);
  if (!m) return null;
  const [, pkg, subpath] = m;
  switch (pkg) {
    case "contract":
      return { layer: "contract" };
    case "ui":
      return { layer: "ui" };
    case "features": {
      const parts = subpath ? subpath.split("/") : [];
      return { layer: "features", feature: parts[0], deep: parts.length > 1 };
    }
    case "web":
      return { layer: "web" };
    case "server":
      return { layer: "server" };
    default:
      return null;
  }
}

/** Which layers each layer may import (besides itself). */
const ALLOWED = {
  contract: ["contract"],
  ui: ["ui", "contract"],
  features: ["features", "ui", "contract"],
  web: ["web", "features", "ui", "contract"],
  server: ["server", "contract"],
};

const isStoryOrTest = (file) => /\.(stories|test|spec|fixtures?)\.tsx?$/.test(file);
const isFixture = (specifier) => /\.fixtures?(\.tsx?)?$/.test(specifier);

/** Why a feature's file may not import another feature's public entry, or null when it may. */
function featureToFeature(from, to) {
  if (from.feature === COMPOSITION) {
    return to.feature === COMPOSITION
      ? `Import the shell's own modules by relative path, not through '@vicinity/features/${COMPOSITION}'.`
      : null;
  }
  if (from.feature === SHARED) {
    return to.feature === SHARED
      ? `The shared layer imports its own modules by relative path, not through '@vicinity/features/${SHARED}'.`
      : `The shared layer must not import a feature ('@vicinity/features/${to.feature}').`;
  }
  if (to.feature === SHARED) return null;
  if (to.feature === from.feature)
    return `Feature '${from.feature}' imports its own modules by relative path, not through '@vicinity/features/${to.feature}'.`;
  return `Feature '${from.feature}' must not import feature '${to.feature}': take what both need from '@vicinity/features/${SHARED}', or let the composition place ('${COMPOSITION}') pass the part of '${to.feature}' in.`;
}

function check(source, file) {
  const from = layerOf(file);
  const allowed = ALLOWED[from.layer];
  if (!allowed) return null;
  if (isFixture(source) && !isStoryOrTest(file)) {
    return `Only stories, tests and fixtures import a fixture ('${source}'): it is test code.`;
  }
  const to = targetOf(source, file);
  if (!to) return null;
  // Stories and tests may use the shared MSW handlers and fixtures.
  if (to.layer === "mocks" && isStoryOrTest(file)) return null;
  if (!allowed.includes(to.layer)) {
    return `The ${from.layer} layer must not import from the ${to.layer} layer ('${source}').`;
  }
  if (to.layer === "features" && to.deep) {
    return `Import a feature only through its public entry '@vicinity/features/${to.feature}', not '${source}'.`;
  }
  if (from.layer === "features" && to.relative && to.layer === "features" && to.feature !== from.feature) {
    return `Feature '${from.feature}' must not reach feature '${to.feature}' by a relative path ('${source}').`;
  }
  if (from.layer === "features" && from.feature && to.layer === "features" && !to.relative && to.feature) {
    return featureToFeature(from, to);
  }
  return null;
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Enforce the one-way layering of the Vicinity monorepo." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const report = (node, sourceNode) => {
      if (!sourceNode || typeof sourceNode.value !== "string") return;
      const message = check(sourceNode.value, file);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source),
      ExportNamedDeclaration: (node) => report(node, node.source),
      ExportAllDeclaration: (node) => report(node, node.source),
      ImportExpression: (node) => report(node, node.source.type === "Literal" ? node.source : null),
    };
  },
};

export default { rules: { "one-way": rule } };
