import { delay, http, HttpResponse } from "msw";
import {
  API_PATHS,
  NEXT_CURSOR_HEADER,
  passesMemberFilters,
  readMemberFilters,
  type ErrorBody,
  type NearbyUser,
} from "@vicinity/contract";
import { nearbyUsersCrowdedFixture, nearbyUsersFixture, nearbyUsersPage2Fixture } from "../fixtures/nearby";

const PAGE_2 = "page-2";

/** As the server does: Best match orders by score, the filters (the contract's rules) keep those who pass. */
function arrange(users: NearbyUser[], url: URL): NearbyUser[] {
  let out = users;
  const filters = readMemberFilters(url.searchParams);
  if (filters) out = out.filter((u) => passesMemberFilters(u, filters));
  if (url.searchParams.get("sort") === "best")
    out = [...out].sort((a, b) => (b.compatibility?.score ?? 0) - (a.compatibility?.score ?? 0));
  return out;
}

/** GET /api/users/nearby, by scenario. */
export const discoveryHandlers = {
  success: [
    http.get(API_PATHS.nearby, ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get("cursor") === PAGE_2)
        return HttpResponse.json<NearbyUser[]>(arrange(nearbyUsersPage2Fixture, url));
      return HttpResponse.json<NearbyUser[]>(arrange(nearbyUsersFixture, url), {
        headers: { [NEXT_CURSOR_HEADER]: PAGE_2 },
      });
    }),
  ],
  onePage: [
    http.get(API_PATHS.nearby, ({ request }) =>
      HttpResponse.json<NearbyUser[]>(arrange(nearbyUsersFixture, new URL(request.url))),
    ),
  ],
  /** One page of 21 members: /browse's tiles fill a phone's screen and more. */
  crowded: [
    http.get(API_PATHS.nearby, ({ request }) =>
      HttpResponse.json<NearbyUser[]>(arrange(nearbyUsersCrowdedFixture, new URL(request.url))),
    ),
  ],
  empty: [http.get(API_PATHS.nearby, () => HttpResponse.json<NearbyUser[]>([]))],
  /** Nobody within 25 km; someone within 50. */
  emptyUntilExpanded: [
    http.get(API_PATHS.nearby, ({ request }) => {
      const radius = Number(new URL(request.url).searchParams.get("radius"));
      return HttpResponse.json<NearbyUser[]>(radius >= 50 ? nearbyUsersPage2Fixture : []);
    }),
  ],
  loading: [
    http.get(API_PATHS.nearby, async () => {
      await delay("infinite");
      return HttpResponse.json<NearbyUser[]>([]);
    }),
  ],
  error: [
    http.get(API_PATHS.nearby, () =>
      HttpResponse.json<ErrorBody>({ message: "Database unavailable" }, { status: 503 }),
    ),
  ],
};
