import { matchQuery, type QueryClient } from "@tanstack/react-query";
import { activeFilterCount, NEARBY_DEFAULT_RADIUS_KM, readMemberFilters, type MemberFilters } from "@vicinity/contract";
import { prefetchNearbyUsers } from "@vicinity/features/discovery";
import {
  locateEarly,
  setLastKnownLocation,
  currentUserQueryKey,
  currentUserQueryOptions,
  readAnonymousProfile,
} from "@vicinity/features/shared";
import { onDemandModule } from "./on-demand";

// The parts of the shell that arrive when they are needed (each its own chunk): named once, so
// that what starts them early and what renders them load the same module.
export const loadSignedInHome = onDemandModule(() => import("../components/signed-in-home"));
export const loadGuestHome = onDemandModule(() => import("../components/guest-home"));
export const loadMemberSession = onDemandModule(() => import("../components/member-session"));
export const loadAppHeader = onDemandModule(() => import("../components/app-header"));
export const loadLanding = onDemandModule(() => import("../components/landing-in-app"));

/** A member's page at "/" (docs/decisions/0029): his last shared position, when he has one, and his saved filters. */
export interface MemberHomePage {
  position: { latitude: number; longitude: number } | null;
  /** The grid's filters he keeps (docs/decisions/0041): his first search carries them. */
  filters?: MemberFilters;
}

/**
 * The page's meta element (MEMBER_HOME_META): "latitude,longitude", then "?" and his filters' query when he keeps
 * any; or empty. Anything else names no place.
 */
export function memberHomePageOf(content: string): MemberHomePage {
  const [place = "", query] = content.split("?", 2);
  const [latitude, longitude, ...rest] = place
    .split(",")
    .map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
  const valid =
    rest.length === 0 &&
    latitude !== undefined &&
    longitude !== undefined &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180;
  const filters = query ? readMemberFilters(new URLSearchParams(query)) : null;
  return {
    position: valid ? { latitude, longitude } : null,
    ...(filters && activeFilterCount(filters) > 0 ? { filters } : {}),
  };
}

/**
 * How long a member's first render waits for what his home needs (docs/decisions/0029); on a
 * network slower than that, the page draws its loading states and fills in as answers come.
 */
export const FIRST_PAINT_WAIT_MS = 3000;

/**
 * What the app's first load starts before React renders: the current-user call
 * (unless this browser browses as a guest), so that it is not queued behind the page's chunks;
 * then, at "/", a member's home, session and header. The app is served at "/" only to a request
 * with a live session (docs/decisions/0019), so without a guest profile that is a member: his
 * chunks come beside his current-user call rather than after its answer. So does the first page
 * of his home's grid: from his last known position when his page names one (the browser is
 * already fetching it, docs/decisions/0029), and from where his device says he is now.
 *
 * On his page (`memberHome`), the promise settles once his current user, his home's chunks and
 * his first members have come (or FIRST_PAINT_WAIT_MS has passed): his first render draws his
 * whole home at once, with no loading frame before it. Elsewhere it settles at once.
 */
export function startFirstLoad(
  queryClient: QueryClient,
  pathname: string,
  memberHome: MemberHomePage | null = null,
): Promise<void> {
  if (readAnonymousProfile() !== null) return Promise.resolve();
  const user = queryClient.prefetchQuery(currentUserQueryOptions);
  if (pathname !== "/") return Promise.resolve();
  const chunks = [loadSignedInHome(), loadMemberSession(), loadAppHeader()];
  // The grid's own defaults (DiscoveryPanel) and his saved filters: the home's query finds these answers in the cache.
  const members = (at: { latitude: number; longitude: number }) =>
    prefetchNearbyUsers(queryClient, {
      latitude: at.latitude,
      longitude: at.longitude,
      radius: NEARBY_DEFAULT_RADIUS_KM,
      sort: "nearest",
      filters: memberHome?.filters,
    });
  const position = memberHome?.position ?? null;
  setLastKnownLocation(position);
  if (position) forgetPositionOnAnotherMember(queryClient);
  const first = position ? members(position) : null;
  void locateEarly().then((answer) => (answer.source === "last-known" ? undefined : members(answer)));
  if (!memberHome) return Promise.resolve();
  const needed = Promise.allSettled([user, ...chunks, ...(first ? [first] : [])]).then(() => undefined);
  return Promise.race([needed, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);
}

/** The page's position is its member's: once another member (or nobody) is signed in, it is forgotten. */
function forgetPositionOnAnotherMember(queryClient: QueryClient): void {
  let owner: string | undefined;
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type !== "updated" ||
      !matchQuery({ queryKey: currentUserQueryKey, exact: true }, event.query) ||
      event.query.state.status !== "success"
    )
      return;
    const user = event.query.state.data as { id: string } | null | undefined;
    owner ??= user?.id;
    if (!user || user.id !== owner) {
      setLastKnownLocation(null);
      stop();
    }
  });
}
