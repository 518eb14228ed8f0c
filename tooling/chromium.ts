/**
 * How every tool here launches a browser: Debian's Chromium, never a downloaded one
 * (downloads fail on these machines), headless, with background networking off so that the
 * closed network does not slow it down.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--disable-default-apps",
  "--font-render-hinting=none",
  "--force-color-profile=srgb",
];

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
};
