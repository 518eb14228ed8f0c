/**
 * The house's import rules, checked by `npm run lint` (`depcruise`): no import circles anywhere, a
 * client feature never imports another (shared parts live in packages/features/src/shared and
 * packages/ui; the app shell composes), the server's database layer imports no domain, and a
 * route file reaches the database only through its domain's services.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "Files that import each other in a loop (type-only imports count too): move what both need to a file below them.",
      from: {},
      to: { circular: true },
    },
    {
      name: "feature-to-feature",
      severity: "error",
      comment:
        "A feature imports shared/, packages/ui and the contract, never another feature; the shell is the one place that composes features.",
      from: { path: "^packages/features/src/([^/]+)/", pathNot: ["^packages/features/src/(shell|shared)/"] },
      to: { path: "^packages/features/src/([^/]+)/", pathNot: ["^packages/features/src/($1|shared)/"] },
    },
    {
      name: "shared-imports-no-feature",
      severity: "error",
      comment: "The shared layer is below every feature.",
      from: { path: "^packages/features/src/shared/" },
      to: { path: "^packages/features/src/", pathNot: "^packages/features/src/shared/" },
    },
    {
      name: "db-imports-no-domain",
      severity: "error",
      comment: "The database layer (schema, connection, migrations, upkeep) is the ground floor of the server.",
      from: { path: "^apps/server/src/db/" },
      to: { path: "^apps/server/src/", pathNot: ["^apps/server/src/db/", "^apps/server/src/config\\.ts$"] },
    },
    {
      name: "routes-without-sql",
      severity: "error",
      comment: "Routes call services; services own SQL.",
      from: { path: "^apps/server/src/.+routes\\.ts$" },
      to: { path: ["node_modules/drizzle-orm", "^apps/server/src/db/schema\\.ts$"], dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)node_modules/", "(^|/)dist/", "storybook-static", "\\.data/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types"],
    },
    skipAnalysisNotInRules: true,
  },
};
