import type { QueryClient } from "@tanstack/react-query";
import { NEARBY_DEFAULT_RADIUS_KM } from "@vicinity/contract";
import { locateEarly, prefetchNearbyUsers } from "@vicinity/features/discovery";
import { currentUserQueryOptions, readAnonymousProfile } from "@vicinity/features/session";
import { onDemandModule } from "./on-demand";

// The parts of the shell that arrive when they are needed (each its own chunk): named once, so
// that what starts them early and what renders them load the same module.
export const loadSignedInHome = onDemandModule(() => import("../components/signed-in-home"));
export const loadGuestHome = onDemandModule(() => import("../components/guest-home"));
export const loadMemberSession = onDemandModule(() => import("../components/member-session"));
export const loadAppHeader = onDemandModule(() => import("../components/app-header"));
export const loadLanding = onDemandModule(() => import("../components/landing-in-app"));

/**
 * What the app's first load starts before React renders (issue 9, item 2): the current-user call
 * (unless this browser browses as a guest), so that it is not queued behind the page's chunks;
 * then, at "/", a member's home, session and header. The app is served at "/" only to a request
 * with a live session (docs/decisions/0019), so without a guest profile that is a member: his
 * chunks come beside his current-user call rather than after its answer. So does the first page
 * of his home's grid: the device is asked where he is now, and the members near that place are
 * fetched into the query cache (the largest paint of the home waits for them).
 */
export function startFirstLoad(queryClient: QueryClient, pathname: string): void {
  if (readAnonymousProfile() !== null) return;
  void queryClient.prefetchQuery(currentUserQueryOptions);
  if (pathname !== "/") return;
  void loadSignedInHome();
  void loadMemberSession();
  void loadAppHeader();
  // The grid's own defaults (DiscoveryPanel): the home's query finds this answer in the cache.
  void locateEarly().then(({ latitude, longitude }) => prefetchNearbyUsers(queryClient, { latitude, longitude, radius: NEARBY_DEFAULT_RADIUS_KM, sort: "nearest", rightNow: false }));
}
