import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../tooling/chromium";
import { DEVICE_NAMES, VISUAL_DEVICES } from "./devices";

const PORT = 6007;

/**
 * Visual regression over the static Storybook build (`npm run build-storybook`).
 * Baselines: visual/baselines/ (committed). Diffs of a failed run: visual/results/.
 * Rewrite baselines on purpose with `npm run test:visual:update`.
 */
export default defineConfig({
  testDir: ".",
  testMatch: "*.visual.ts",
  // On CI a missing baseline fails; locally it is written for review.
  updateSnapshots: process.env.CI ? "none" : "missing",
  outputDir: "./results",
  snapshotPathTemplate: "{testDir}/baselines/{arg}{ext}",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "../reports/visual.json" }]],
  timeout: 30_000,
  expect: {
    toHaveScreenshot: {
      animations: "disabled",
      caret: "hide",
      stylePath: "./screenshot.css",
      scale: "css",
      // Rendering is deterministic here (same Chromium, self-hosted fonts, scale factor 1), so the
      // tolerance is small: a per-pixel YIQ threshold of 0.05 (0.15 missed #ff6a3d -> #ff835c)
      // and an absolute pixel count, so that a small component on a large page still counts.
      threshold: 0.05,
      maxDiffPixels: 20,
    },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunchOptions,
    colorScheme: "dark",
    timezoneId: "UTC",
    locale: "en-US",
    serviceWorkers: "allow",
  },
  projects: DEVICE_NAMES.map((name) => ({
    name,
    use: { ...VISUAL_DEVICES[name] },
    grep: name === "desktop" ? [new RegExp(`@${name}`), /every story has its baselines/] : new RegExp(`@${name}`),
  })),
  webServer: {
    command: `node visual/serve-static.mjs storybook-static ${PORT}`,
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/index.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
