// Makes sure Debian's Chromium (and fonts) and Firefox ESR (the cross-browser smoke test, e2e/firefox.e2e.ts) are
// installed: the test tools never download a browser.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-dejavu-core", "fonts-noto-core", "firefox-esr"];

/**
 * Every package the visual baselines were made with, installed (dpkg's own word), not only a
 * font that looks like one: a machine with Chromium and DejaVu but no Noto rendered native
 * controls differently and failed SignInForm/BrowserChecks.
 */
function missingPackages() {
  return PACKAGES.filter((name) => {
    try {
      return !execFileSync("dpkg-query", ["-W", "-f=${Status}", name], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).includes("install ok installed");
    } catch {
      return true;
    }
  });
}

const missing = missingPackages();
if (existsSync(CHROMIUM) && missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(
    `Missing: ${existsSync(CHROMIUM) ? "" : `Chromium at ${CHROMIUM}; `}packages ${missing.join(" ")}. Install them with: sudo apt-get install -y ${missing.join(" ")}`,
  );
  process.exit(1);
}

console.info(`Installing ${missing.join(", ")} from Debian's packages...`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], { stdio: "inherit", env });
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
