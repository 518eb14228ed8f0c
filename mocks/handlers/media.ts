import { http, HttpResponse } from "msw";

const PALETTES = [
  ["#ff6b3d", "#7a1f5c"],
  ["#3d8bff", "#1b2a6b"],
  ["#2fbf71", "#114b3a"],
  ["#f2b134", "#8a3b12"],
  ["#b05cff", "#2e1a5e"],
  ["#ff4f8b", "#4a1030"],
] as const;

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * A deterministic portrait for a picture id: a gradient and a head-and-shoulders silhouette, so
 * cards and profiles in stories look like they hold photos, with no network and identical pixels
 * on every run (visual baselines).
 */
export function portraitSvg(id: string): string {
  const h = hash(id);
  const [from, to] = PALETTES[h % PALETTES.length] ?? PALETTES[0];
  const tilt = (h >> 4) % 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300" width="300" height="300">
<defs><linearGradient id="g" gradientTransform="rotate(${45 + tilt})"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
<circle cx="150" cy="120" r="52" fill="rgba(255,255,255,0.82)"/>
<path d="M50 300 C60 215 105 190 150 190 C195 190 240 215 250 300 Z" fill="rgba(255,255,255,0.82)"/>
</svg>`;
}

/** GET /media/:id in stories: the server's picture URLs answered with generated portraits. */
export const mediaHandlers = {
  portraits: [
    http.get("/media/:id", ({ params }) =>
      // Not cached: a later story without this handler must not show a photo an earlier one loaded.
      HttpResponse.text(portraitSvg(String(params.id)), {
        headers: { "Content-Type": "image/svg+xml", "Cache-Control": "no-store" },
      }),
    ),
  ],
};
