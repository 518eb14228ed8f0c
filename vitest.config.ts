import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { chromiumLaunchOptions } from "./tooling/chromium";

const dirname = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "apps/web/scripts/**/*.test.ts",
            "tooling/**/*.test.ts",
            "stories/**/*.test.ts",
          ],
        },
      },
      {
        test: {
          name: "server",
          environment: "node",
          include: ["apps/server/src/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts"],
          // One migrated database per engine that every test database is copied from.
          globalSetup: ["apps/server/src/test/template-databases.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: two test files at a time, each with its own database.
          maxWorkers: 2,
          // The test files of a worker share one module graph: each file imported the whole server
          // anew (74 s of a run). Files keep their state in their own servers and databases.
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, ".storybook") })],
        test: {
          name: "storybook",
          setupFiles: [path.join(dirname, ".storybook/vitest.setup.ts")],
          testTimeout: 20_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunchOptions }),
            viewport: { width: 1280, height: 800 },
            instances: [{ browser: "chromium" }],
          },
        },
      },
    ],
  },
});
