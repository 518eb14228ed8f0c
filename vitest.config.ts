import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { chromiumLaunchOptions } from "./tooling/chromium";
import { MOCKING_UNIT_TESTS } from "./tooling/mocking-unit-tests";

const dirname = path.dirname(fileURLToPath(import.meta.url));

const UNIT_TESTS = [
  "packages/*/src/**/*.test.ts",
  "apps/web/src/**/*.test.ts",
  "apps/web/scripts/**/*.test.ts",
  "tooling/**/*.test.ts",
  "stories/**/*.test.ts",
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: UNIT_TESTS,
          exclude: MOCKING_UNIT_TESTS,
          // Two cores, two files at a time (the default leaves one core for Vitest itself).
          maxWorkers: 2,
          // The files of a worker share one module graph: importing it anew for each of some fifty
          // small files was most of the suite's time (52 s; 16 s shared).
          isolate: false,
        },
      },
      {
        test: { name: "unit-mocks", environment: "node", include: MOCKING_UNIT_TESTS, maxWorkers: 2 },
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
