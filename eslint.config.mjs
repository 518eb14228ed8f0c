import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import layers from "./tooling/eslint-plugin-layers.mjs";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "storybook-static/**",
      ".storybook/public/**",
      "visual/results/**",
      "test-results/**",
      "playwright-report/**",
      "**/.data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mts,mjs,js}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, layers },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "layers/one-way": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    // Routes call services; services own SQL (docs/adding-a-feature.md).
    files: ["apps/server/src/**/*routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*"],
              message: "A route file holds no SQL: call a service of its domain.",
            },
            {
              group: ["**/db/schema", "**/db/database"],
              allowTypeImports: true,
              message: "A route file holds no SQL: call a service of its domain.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's functions stay short enough to read whole: the composition roots included.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["**/*.test.ts", "apps/server/src/test/**"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["**/*.stories.tsx", ".storybook/**", "stories/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
