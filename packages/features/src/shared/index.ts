// The client's shared layer: what several features use, and what they need to show each other's
// parts without importing each other. Features import it and never one another; it imports no
// feature. Its own modules import each other by relative path, never through this entry.

// The time, refreshed while a screen counts (a countdown, a window to unsend).
export { useNow } from "./time/use-now";

// Lists that load page after page (infinite scroll).
export { useNextPageSentinel, type NextPageQuery } from "./lists/use-next-page";

// Talking to the API.
export { ApiError, apiRequest, serverMessageOr, throwIfNotOk } from "./http/api-request";
export { conversationKeys, countKeys, mapConfigKeys, memberKeys, nearbyKeys, signalKeys } from "./query-keys";

// The session: who is signed in, the anonymous guest, logout, heartbeat, idle logout, the counts.
export {
  currentUserQueryKey,
  currentUserQueryOptions,
  CurrentUserError,
  CURRENT_USER_RETRIES,
  CURRENT_USER_RETRY_DELAY_MS,
  CURRENT_USER_STALE_MS,
  getCurrentUser,
  useCurrentUser,
} from "./session/api/get-current-user";
export {
  ANONYMOUS_DISPLAY_NAME,
  ANONYMOUS_FLAG_KEY,
  ANONYMOUS_PROFILE_KEY,
  endAnonymousSession,
  readAnonymousProfile,
  startAnonymousSession,
  useAnonymousProfile,
} from "./session/model/anonymous-session";
export { useAuth, greetingName, type AuthState } from "./session/model/use-auth";
export {
  dashboardGreeting,
  JOINED_THIS_VISIT_KEY,
  joinedThisVisit,
  markJoinedThisVisit,
} from "./session/model/first-visit";
export { useLogout } from "./session/api/logout";
export { anonymousLogin, useAnonymousLogin, type AnonymousLoginOptions } from "./session/api/anonymous-login";
export { updateProfile, useUpdateProfile } from "./session/api/update-profile";
export { createHeartbeat, useHeartbeat, HEARTBEAT_INTERVAL_MS, HEARTBEAT_MIN_GAP_MS } from "./session/model/heartbeat";
export {
  idlePhaseAt,
  useIdleLogout,
  IDLE_COUNTDOWN_S,
  IDLE_LOGOUT_MS,
  IDLE_WARNING_BEFORE_MS,
  type IdlePhase,
} from "./session/model/idle-timer";
export {
  useOnlineCount,
  useUnreadCount,
  ONLINE_COUNT_REFRESH_MS,
  UNREAD_REFRESH_DASHBOARD_MS,
  UNREAD_REFRESH_HEADER_MS,
} from "./session/api/counts";

// The socket.
export { createSocket, type VicinitySocket } from "./realtime/socket-client";
export {
  RealtimeContext,
  SocketFactoryContext,
  type SocketFactory,
  useRealtime,
  useRealtimeConnection,
  type ConnectionState,
  type RealtimeValue,
} from "./realtime/use-realtime-connection";

// Pictures: their addresses, caches and uploads.
export {
  AVATAR_SIZE,
  IMAGE_PRESETS,
  MEDIA_PATH_PREFIX,
  avatarUrl,
  optimizedImageUrl,
  profileImageUrl,
  supportedImageFormat,
  thumbnailUrl,
  type ImageUrlOptions,
} from "./media/model/image-url";
export {
  IMAGE_CACHE_CLEANUP_MS,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_TTL_MS,
  ImageCache,
  type ImageCacheEntry,
  type ImageCacheOptions,
} from "./media/model/image-cache";
export { MEMO_CACHE_MAX_ENTRIES, MemoCache, memoize, type Memoized } from "./media/model/memo-cache";
export {
  PERFORMANCE_SAMPLES_KEPT,
  PerformanceSamples,
  type PerformanceSamplesOptions,
} from "./media/model/performance-samples";
export { defaultImageCache, useCachedImage } from "./media/api/use-cached-image";
export { uploadMedia, UploadNetworkError, type UploadMediaOptions } from "./media/api/upload-media";
export { PHOTO_ACCEPT, PHOTO_ACCEPTED_TYPES, photoFileProblem } from "./media/model/photo-file";

// The device: its class, where the member is, and telling the server.
export {
  DeviceClassContext,
  detectDeviceClass,
  useDeviceClass,
  MOBILE_MAX_WIDTH,
  TABLET_MAX_WIDTH,
  type DeviceClass,
} from "./device/device-class";
export {
  FALLBACK_LOCATION,
  GEOLOCATION_OPTIONS,
  lastKnownLocation,
  locateEarly,
  locateMember,
  setLastKnownLocation,
  useMemberLocation,
  type LocationSource,
  type MemberLocation,
} from "./location/geolocation";
export { updateLocation, useShareLocation, useUpdateLocation } from "./location/update-location";

// Other members: how they read on a card, their Message and Profile buttons, blocking and reporting them;
// reporting content.
export {
  BODY_TYPE_LABELS,
  displayNameOf,
  formatAge,
  formatCompatibility,
  formatDistance,
  POSITION_LABELS,
  profileTermLabel,
  rightNowMinutesLeft,
} from "./members/format";
export { useBlockMember, useReportMember } from "./members/member-actions";
export { useFavoriteMember, useTapMember } from "./members/signals";
export { SignalButtons, TAP_ICONS, type SignalButtonsProps } from "./members/signal-buttons";
export { MemberActions, type MemberActionsProps } from "./members/member-action-buttons";
export { MemberFiltersButton, type MemberFiltersButtonProps } from "./members/filters/filters-button";
export { saveFilters, useMemberFilters, type MemberFiltersState } from "./members/filters/use-member-filters";
export { ReportMemberDialog, type ReportMemberDialogProps } from "./report/report-member-dialog";
export { ReportContentDialog, type ReportContentDialogProps } from "./report/report-content-dialog";

// Times in a zone, and the parts of the form pages (events, groups, ads).
export { fromLocalInput, memberTimeZone, timeZones, toLocalInput, zoneOffsetMinutes } from "./time/local-time";
export { timeAgo } from "./time/time-ago";
export { FieldError, FormPageFrame, FormPageWaiting, FormServerError, SubmitRow } from "./forms/form-parts";
export { CoverUpload, type CoverUploadProps } from "./forms/cover-upload";
export { TimeRangeFields, type TimeRangeFieldsProps, type TimeRangeValues } from "./forms/time-fields";
export { CoverPageFailed, CoverPageLoading, type CoverPageFailedProps } from "./forms/page-states";
export { ConfirmDialog, type ConfirmDialogProps } from "./forms/confirm-dialog";

// Maps: the base layer, and the pin map (its code, Leaflet's, loaded when first shown).
export { getMapConfig, useMapConfig } from "./map/map-config";
export { MAP_RESIZE_SETTLE_MS, onSettledResize } from "./map/settled-size";
export { LazyEventsMap } from "./map/lazy-map";
export type { EventsMapPin, EventsMapProps } from "./map/events-map";

// The frame of the sign-in and account-link screens, and the wordmark.
export { AuthScreen, type AuthScreenProps } from "./auth-screen/auth-screen";
export { EMAIL_INPUT_PROPS } from "./auth-screen/email-input";
export { BrandMark } from "./brand/brand-mark";

// The places a screen keeps for another feature's part, filled by the composition place (shell).
export { AdSlotsContext, useAdSlots, type AdSlots } from "./slots/ad-slots";
export { AlbumSlotsContext, useAlbumSlots, type AlbumPeer, type AlbumSlots } from "./slots/album-slots";
