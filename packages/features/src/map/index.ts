export { LiveMapPage, VISITOR_MAP_REFRESH_MS, type LiveMapPageProps } from "./components/live-map-page";
export {
  LocationPage,
  SAVE_LOCATION_FAILED,
  formatUpdatedAt,
  type LocationPageProps,
} from "./components/location-page";
export { MemberMap, type MemberMapProps, type MapFocus } from "./components/member-map";
export { MapMemberCard } from "./components/map-member-card";
export { MapMemberList, MAP_LIST_AD_AFTER } from "./components/map-member-list";
export { MapNotices, type MapNotice } from "./components/map-notices";
export { mapKeys, filtersKey, getMapArea, useMapArea } from "./api/map-area";
export {
  getOwnLocation,
  useOwnLocation,
  useSaveOwnLocation,
  useSetMapVisibility,
  useStopSharingLocation,
} from "./api/own-location";
export { MarkerIndex, type MapMarkerItem } from "./model/marker-index";
export { drawnMarkers, markerPicturesReady, type DrawnMarker } from "./model/marker-layer";
export { dataTilesFor, type MapView, type ViewBox, type LatLon } from "./model/view";
export { describeMember, describeCluster } from "./model/describe";
