/**
 * What bench/lighthouse's probes share: apps/server on a free port (PGlite in a throwaway
 * DATA_DIR, seeded demo members) and a member past onboarding, in Jacksonville, whose session
 * cookie a phone-sized Chromium page carries. Builds apps/web first when its build is stale.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../tooling/chromium";

const root = path.resolve(import.meta.dirname, "../..");

export interface MemberHome {
  base: string;
  browser: Browser;
  /** A phone-sized page (Lighthouse's mobile viewport) signed in as the member; nothing loaded yet. */
  page: Page;
  stop: () => Promise<void>;
}

export async function openMemberHome(): Promise<MemberHome> {
  spawnSync("node", ["scripts/budget.mjs"], { cwd: root, stdio: "ignore" });
  const port = 4000 + Math.floor(Math.random() * 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "vicinity-probe-"));
  const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "true",
      NODE_ENV: "development",
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const stop = async () => {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode === null ? server.once("exit", r) : r(null)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 240) throw new Error("no server");
      await new Promise((r) => setTimeout(r, 500));
    }
    const registered = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: `p${Date.now()}@example.com`, password: "a long and unusual passphrase" }),
    });
    const cookie = (registered.headers.getSetCookie().find((c) => c.startsWith("vicinity_sid=")) ?? "").split(";")[0]!;
    const put = (url: string, body: unknown) =>
      fetch(`${base}${url}`, {
        method: "PUT",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      });
    await put("/api/users/profile", { firstName: "Profile", age: 30, bio: "Measuring", interests: ["beach"] });
    await put("/api/users/location", { latitude: 30.3322, longitude: -81.6557 });
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name: name!, value: value!, url: base }]);
    return { base, browser, page: await context.newPage(), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
