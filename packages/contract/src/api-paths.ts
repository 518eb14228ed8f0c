/**
 * The API's paths, and the constants the landing page's own script needs: no zod here, so that a page importing them
 * (the landing's Browse Anonymously) does not carry the schemas (scripts/budget.mjs).
 */

/** Spec section 5: anonymous visitors are 25. */
export const ANONYMOUS_AGE = 25;

export const API_PATHS = {
  currentUser: "/api/auth/user",
  login: "/api/auth/login",
  register: "/api/register",
  anonymousLogin: "/api/anonymous-login",
  logout: "/api/logout",
  heartbeat: "/api/heartbeat",
  onlineCount: "/api/users/online-count",
  unreadCount: "/api/messages/unread-count",
  profile: "/api/users/profile",
  location: "/api/users/location",
  nearby: "/api/users/nearby",
  /** GET /api/users/:id (the member profile); POST|DELETE /:id/block; POST /:id/report */
  member: (id: string) => `/api/users/${encodeURIComponent(id)}`,
  block: (id: string) => `/api/users/${encodeURIComponent(id)}/block`,
  report: (id: string) => `/api/users/${encodeURIComponent(id)}/report`,
  blocked: "/api/users/blocked",
  rightNow: "/api/users/right-now",
  /** PUT: the grid's filters he keeps (memberFiltersSchema); the answer is his session user. */
  savedFilters: "/api/users/filters",
  photos: "/api/users/photos",
  photosOrder: "/api/users/photos/order",
  photo: (mediaId: string) => `/api/users/photos/${encodeURIComponent(mediaId)}`,
  password: "/api/users/password",
  exportData: "/api/users/export",
  account: "/api/users/account",
  media: "/api/media",
  conversations: "/api/conversations",
  conversation: (id: string) => `/api/conversations/${encodeURIComponent(id)}`,
  conversationMessages: (id: string) => `/api/conversations/${encodeURIComponent(id)}/messages`,
  conversationRead: (id: string) => `/api/conversations/${encodeURIComponent(id)}/read`,
  conversationMembers: (id: string) => `/api/conversations/${encodeURIComponent(id)}/members`,
  missedMessages: "/api/messages/missed",
  /** POST: the member read a moderator's warning. */
  acknowledgeWarning: (id: string) => `/api/warnings/${encodeURIComponent(id)}/acknowledge`,
} as const;
