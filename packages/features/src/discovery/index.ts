export { DiscoveryPanel, type DiscoveryPanelProps } from "./components/discovery-panel";
export { NearbyUserCard, type NearbyGridView } from "./components/nearby-user-card";
export { NearbyUserGrid, NearbyUserGridSkeleton, DISCOVER_GRID_COLUMNS } from "./components/nearby-user-grid";
export {
  useNearbyUsers,
  getNearbyUsers,
  prefetchNearbyUsers,
  NearbyFetchError,
  EXPAND_SEARCH_STEPS_KM,
  NEARBY_REFRESH_MS,
} from "./api/get-nearby-users";
export { MemberProfilePage } from "./components/member-profile-page";
export { MemberProfileView } from "./components/member-profile-view";
export { useMember, getMember } from "./api/member";
