/**
 * The nearby grid's layout cost: loads the signed-in home in Debian's Chromium
 * (a phone's viewport, CPU at full speed), then lays the grid out again 21 times for each variant
 * and prints the median time of its style and layout, then the cards' heights (the placeholder
 * height of a card out of sight, contain-intrinsic-size, follows them).
 *
 *   npx tsx bench/lighthouse/layout-probe.ts      (builds apps/web first when its build is stale)
 */
import { openMemberHome } from "./member-home";

const G = 'ul[aria-label="Members nearby"]';
const VARIANTS: Record<string, string> = {
  // The browser draws the cards within half a viewport of sight: about 6 rows on a phone.
  "as built (cards near sight: the first 18)": `${G} > li:nth-child(-n+19) { content-visibility: visible !important; }`,
  "every card drawn": `${G} > li { content-visibility: visible !important; }`,
  "every card, no icons": `${G} > li { content-visibility: visible !important; } ${G} svg { display: none !important; }`,
  "every card, no text": `${G} > li { content-visibility: visible !important; } ${G} h2, ${G} p { display: none !important; }`,
};
const { base, page, stop } = await openMemberHome();
try {
  await page.goto(`${base}/`);
  await page.getByTestId("nearby-user-card").nth(40).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(2000);
  for (const [label, css] of Object.entries(VARIANTS)) {
    const ms = await page.evaluate((css) => {
      const style = document.createElement("style");
      style.textContent = css;
      document.head.appendChild(style);
      const ul = document.querySelector('ul[aria-label="Members nearby"]') as HTMLElement;
      const times: number[] = [];
      for (let i = 0; i < 21; i++) {
        ul.style.display = "none";
        void document.body.offsetHeight;
        ul.style.display = "";
        const t = performance.now();
        void document.body.offsetHeight;
        times.push(performance.now() - t);
      }
      style.remove();
      times.sort((a, b) => a - b);
      return times[10];
    }, css);
    console.info(`${label.padEnd(40)} ${ms!.toFixed(2)} ms (median of 21, style+layout of the grid, CPU unthrottled)`);
  }
  for (const width of [412, 1280]) {
    await page.setViewportSize({ width, height: 823 });
    await page.waitForTimeout(300);
    const heights = await page.evaluate(() =>
      [...document.querySelectorAll('ul[aria-label="Members nearby"] > li')].map((li) =>
        Math.round(li.getBoundingClientRect().height),
      ),
    );
    console.info(`card heights at ${width} px wide: ${JSON.stringify(heights)}`);
  }
  const objs = await page.evaluate(() => document.querySelectorAll('ul[aria-label="Members nearby"] *').length);
  console.info(`elements in the grid: ${objs}`);
} finally {
  await stop();
}
