export {
  currentUserQueryKey,
  currentUserQueryOptions,
  CurrentUserError,
  CURRENT_USER_RETRIES,
  CURRENT_USER_RETRY_DELAY_MS,
  CURRENT_USER_STALE_MS,
  getCurrentUser,
  useCurrentUser,
} from "./api/get-current-user";
export {
  ANONYMOUS_DISPLAY_NAME,
  ANONYMOUS_FLAG_KEY,
  ANONYMOUS_PROFILE_KEY,
  endAnonymousSession,
  readAnonymousProfile,
  startAnonymousSession,
  useAnonymousProfile,
} from "./model/anonymous-session";
export { useAuth, greetingName, type AuthState } from "./model/use-auth";
export { useLogout } from "./api/logout";
export { createHeartbeat, useHeartbeat, HEARTBEAT_INTERVAL_MS, HEARTBEAT_MIN_GAP_MS } from "./model/heartbeat";
export {
  idlePhaseAt,
  useIdleLogout,
  IDLE_COUNTDOWN_S,
  IDLE_LOGOUT_MS,
  IDLE_WARNING_BEFORE_MS,
  type IdlePhase,
} from "./model/idle-timer";
export {
  useOnlineCount,
  useUnreadCount,
  ONLINE_COUNT_REFRESH_MS,
  UNREAD_REFRESH_DASHBOARD_MS,
  UNREAD_REFRESH_HEADER_MS,
} from "./api/counts";
