// Makes sure Debian's Chromium (and fonts) are installed: the test tools never download a browser.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PACKAGES = ["chromium", "fonts-dejavu-core", "fonts-noto-core"];

function hasFonts() {
  try {
    return execFileSync("fc-list", { encoding: "utf8" }).includes("DejaVu");
  } catch {
    return false;
  }
}

if (existsSync(CHROMIUM) && hasFonts()) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y ${PACKAGES.join(" ")}`);
  process.exit(1);
}

console.info(`Installing ${PACKAGES.join(", ")} from Debian's packages...`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...PACKAGES], { stdio: "inherit", env });
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
