import { delay, http, HttpResponse } from "msw";
import {
  SIGNAL_PATHS,
  TAPS_PER_DAY,
  type ErrorBody,
  type FavoritesList,
  type TapResult,
  type TapsList,
  type ViewedMe,
} from "@vicinity/contract";
import { favoritesFixture, tapsFixture, viewedMeFixture } from "../fixtures/signals";
import { registerMockReset } from "./resets";

/** The trace switch's state (traceOff starts it off; PUT /api/views/trace sets it). */
let leavesTrace = false;
registerMockReset(() => {
  leavesTrace = false;
});

const TAP = "/api/users/:id/tap";
const FAVORITE = "/api/users/:id/favorite";
const unavailable = () => HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 });
const forever = async () => {
  await delay("infinite");
  return HttpResponse.json({});
};

/** The signals' lists and actions (issue 38), by scenario. */
export const signalsHandlers = {
  /** Every list filled; the trace on. */
  lists: [
    http.get(SIGNAL_PATHS.taps, () => HttpResponse.json<TapsList>(tapsFixture())),
    http.get(SIGNAL_PATHS.favorites, () => HttpResponse.json<FavoritesList>(favoritesFixture())),
    http.get(SIGNAL_PATHS.views, () => HttpResponse.json<ViewedMe>(viewedMeFixture())),
  ],
  empty: [
    http.get(SIGNAL_PATHS.taps, () => HttpResponse.json<TapsList>({ taps: [] })),
    http.get(SIGNAL_PATHS.favorites, () => HttpResponse.json<FavoritesList>({ favorites: [] })),
    http.get(SIGNAL_PATHS.views, () => HttpResponse.json<ViewedMe>({ leavesTrace: true, views: [] })),
  ],
  /** He leaves no trace: he sees nobody's; turning it on answers the list. */
  traceOff: [
    http.get(SIGNAL_PATHS.views, () =>
      HttpResponse.json<ViewedMe>(leavesTrace ? viewedMeFixture() : { leavesTrace: false, views: [] }),
    ),
    http.put(SIGNAL_PATHS.viewTrace, async ({ request }) => {
      leavesTrace = ((await request.json()) as { leavesTrace: boolean }).leavesTrace;
      return HttpResponse.json({ ok: true });
    }),
  ],
  loading: [
    http.get(SIGNAL_PATHS.taps, forever),
    http.get(SIGNAL_PATHS.favorites, forever),
    http.get(SIGNAL_PATHS.views, forever),
  ],
  error: [
    http.get(SIGNAL_PATHS.taps, unavailable),
    http.get(SIGNAL_PATHS.favorites, unavailable),
    http.get(SIGNAL_PATHS.views, unavailable),
  ],
  /** A tap is taken (no match), stars and the trace switch are saved. */
  actions: [
    http.post(TAP, async ({ request }) => {
      const { kind } = (await request.json()) as { kind: TapResult["kind"] };
      return HttpResponse.json<TapResult>({ kind, match: false });
    }),
    http.put(FAVORITE, () => HttpResponse.json({ ok: true })),
    http.delete(FAVORITE, () => HttpResponse.json({ ok: true })),
    http.put(SIGNAL_PATHS.viewTrace, () => HttpResponse.json({ ok: true })),
  ],
  /** He had tapped me: my tap makes a match. */
  tapMatch: [
    http.post(TAP, async ({ request }) => {
      const { kind } = (await request.json()) as { kind: TapResult["kind"] };
      return HttpResponse.json<TapResult>({ kind, match: true });
    }),
  ],
  /** Past the day's taps. */
  tapRefused: [
    http.post(TAP, () =>
      HttpResponse.json<ErrorBody>(
        { message: `You can send at most ${TAPS_PER_DAY} taps a day.` },
        { status: 429, headers: { "retry-after": "3600" } },
      ),
    ),
  ],
  traceFails: [http.put(SIGNAL_PATHS.viewTrace, unavailable)],
};
