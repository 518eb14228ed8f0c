import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "../tooling/chromium";
import { E2E_ADMIN } from "./admin-account";
import { E2E_SMTP_PORT } from "./mail";

const PORT = Number(process.env.E2E_PORT ?? 3100);

/** The files whose tests count what the whole server holds: no other test runs beside them. */
const COUNTS_THE_SERVER = ["analytics.e2e.ts", "discovery.e2e.ts"];

/** End-to-end: the built web app served by the real server, driven in Chromium. */
export default defineConfig({
  testDir: ".",
  outputDir: "./results",
  // Two files at a time (two cores), each test with its own members. The files that count what
  // the whole server holds (the analytics' sign-ups, the home's whole first page of members near
  // the seeded city) run after the others, one at a time, so no other test adds to their counts.
  workers: 2,
  projects: [
    { name: "shared", testMatch: "*.e2e.ts", testIgnore: COUNTS_THE_SERVER },
    { name: "alone", testMatch: COUNTS_THE_SERVER, dependencies: ["shared"], workers: 1 },
  ],
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "../reports/e2e.json" }]],
  // A real SMTP server the app sends its mails to: e2e/mail-server.ts.
  globalSetup: "./mail-server.ts",
  timeout: 30_000,
  // A wait for a state ends as soon as the page is there; a busy 2-core CI machine took over 5 s to
  // open a lazily loaded page (the map's Message button), so waits may take up to 10 s.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1280, height: 800 },
  },
  webServer: {
    // Its own throwaway PGlite database, whatever DATABASE_URL the shell has; its first admin is
    // made before the server starts, as an operator does (npm run admin -- create).
    command:
      `npm run build -w @vicinity/web && npm run build -w @vicinity/server && export DATA_DIR=$(mktemp -d) DATABASE_URL= DATABASE_REPLICA_URLS= REDIS_URL= && ` +
      `ADMIN_PASSWORD='${E2E_ADMIN.password}' npm run admin --silent -w @vicinity/server -- create ${E2E_ADMIN.email} && ` +
      `SMTP_URL=smtp://127.0.0.1:${E2E_SMTP_PORT} APP_URL=http://127.0.0.1:${PORT} ` +
      `PORT=${PORT} HOST=127.0.0.1 LOG_LEVEL=warn REGISTRATIONS_PER_HOUR=10000 npm run start -w @vicinity/server`,
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
