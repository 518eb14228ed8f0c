import { delay, http, HttpResponse } from "msw";
import {
  MAP_PATHS,
  readMemberFilters,
  type ErrorBody,
  type MapConfig,
  type MapCrowd,
  type MapMember,
  type MapVisibility,
  type OwnLocation,
} from "@vicinity/contract";
import { areaFor, MAP_MANY_MEMBERS, MAP_MEMBERS, mapCrowdsFixture, ownLocationFixture } from "../fixtures/map";

/** The app's base layer as the server describes it (docs/decisions/0018). */
export const mapConfigFixture: MapConfig = {
  tileUrl: MAP_PATHS.tiles,
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  maxZoom: 18,
};

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/**
 * A map tile drawn from its coordinates: streets, a park, sometimes water. No network, the same
 * pixels on every run (visual baselines), and neighbouring tiles differ so a move is visible.
 */
export function tileSvg(z: number, x: number, y: number): string {
  const h = hash(`${z}/${x}/${y}`);
  const a = 40 + (h % 120);
  const b = 50 + ((h >> 8) % 140);
  const park =
    (h >> 16) % 3 === 0
      ? `<rect x="${(h >> 4) % 150}" y="${(h >> 10) % 150}" width="80" height="60" rx="6" fill="#24392e"/>`
      : "";
  const water =
    (h >> 20) % 5 === 0
      ? `<path d="M0 ${200 + (h % 40)} C80 ${170 + (h % 30)} 160 ${240 - (h % 30)} 256 ${210 + (h % 20)} L256 256 L0 256 Z" fill="#1c2a3d"/>`
      : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#2b2d36"/>${park}${water}
<path d="M0 ${a} H256 M${b} 0 V256" stroke="#454957" stroke-width="6"/>
<path d="M0 ${a + 70} H256 M${b + 80} 0 V256" stroke="#3a3d49" stroke-width="3"/>
</svg>`;
}

const tiles = http.get("/api/map/tiles/:z/:x/:file", ({ params }) =>
  HttpResponse.text(tileSvg(Number(params.z), Number(params.x), Number.parseInt(String(params.file), 10)), {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "no-store" },
  }),
);
const config = http.get(MAP_PATHS.config, () => HttpResponse.json<MapConfig>(mapConfigFixture));

const tileList = (request: Request) =>
  (new URL(request.url).searchParams.get("tiles") ?? "").split(",").filter(Boolean);

/** GET /api/map/area answered from a set of members and crowds. */
function area(members: readonly MapMember[], crowds: readonly MapCrowd[], options: { limited?: boolean } = {}) {
  return http.get(MAP_PATHS.area, ({ request }) =>
    HttpResponse.json(
      areaFor(tileList(request), members, crowds, {
        ...options,
        filters: readMemberFilters(new URL(request.url).searchParams),
      }),
    ),
  );
}

/** The map's base layer and its data, by scenario. */
export const mapHandlers = {
  /** Config and tiles: what every map story needs. */
  base: [config, tiles],
  /** Tiles that fail: the map still shows its markers, and says the tiles could not be loaded. */
  tilesFailing: [config, http.get("/api/map/tiles/:z/:x/:file", () => new HttpResponse(null, { status: 503 }))],
  success: [area(MAP_MEMBERS, mapCrowdsFixture)],
  many: [area(MAP_MANY_MEMBERS, mapCrowdsFixture)],
  /** Visitors and guests: no pictures, no distances, no match (decisions.md 1). */
  limited: [area(MAP_MEMBERS, mapCrowdsFixture, { limited: true })],
  empty: [area([], [])],
  loading: [
    http.get(MAP_PATHS.area, async () => {
      await delay("infinite");
      return HttpResponse.json({});
    }),
  ],
  error: [
    http.get(MAP_PATHS.area, () => HttpResponse.json<ErrorBody>({ message: "Map unavailable" }, { status: 503 })),
  ],
};

/**
 * GET/PUT/DELETE /api/users/location and PUT .../visibility over one stored state, so a change
 * shows as the server would answer it. `saveFails`: PUT /api/users/location answers 500.
 */
export function ownLocationHandlers(
  initial: OwnLocation | null,
  options: { saveFails?: boolean; pending?: boolean } = {},
) {
  let state: OwnLocation = initial ?? ownLocationFixture({ position: null, sharing: false });
  return [
    http.get(MAP_PATHS.ownLocation, async () => {
      if (options.pending) await delay("infinite");
      return HttpResponse.json<OwnLocation>(state);
    }),
    http.put(MAP_PATHS.ownLocation, async ({ request }) => {
      if (options.saveFails) return HttpResponse.json<ErrorBody>({ message: "Database unavailable" }, { status: 500 });
      const body = (await request.json()) as { latitude: number; longitude: number };
      state = { ...state, sharing: true, position: { ...body, updatedAt: "2026-06-13T21:30:00.000Z" } };
      return HttpResponse.json({ ok: true });
    }),
    http.delete(MAP_PATHS.ownLocation, () => {
      state = { ...state, sharing: false, position: null };
      return new HttpResponse(null, { status: 204 });
    }),
    http.put(MAP_PATHS.visibility, async ({ request }) => {
      const body = (await request.json()) as { visibility: MapVisibility };
      state = { ...state, visibility: body.visibility };
      return HttpResponse.json({ ok: true });
    }),
  ];
}
