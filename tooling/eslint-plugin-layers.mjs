/**
 * One-way layering (docs/decisions/0002-layers.md):
 *   apps/* -> packages/features -> packages/ui -> nothing of ours; packages/contract is for everyone.
 * Features reach each other only through their public entry (`@vicinity/features/<name>`),
 * never through a deeper path or a relative path that leaves the feature's folder.
 */
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

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

const isStoryOrTest = (file) => /\.(stories|test|spec)\.tsx?$/.test(file);

function check(source, file) {
  const from = layerOf(file);
  const allowed = ALLOWED[from.layer];
  if (!allowed) return null;
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
    return `Feature '${from.feature}' must import feature '${to.feature}' through '@vicinity/features/${to.feature}', not a relative path ('${source}').`;
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
