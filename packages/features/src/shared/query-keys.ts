/**
 * The query keys of answers that more than one feature reads, fills or refreshes: a member's
 * location or Right Now changes the nearby grid, blocking him from a conversation takes him out of
 * it, joining a group brings its chat into the inbox. A feature's own keys stay in its factory,
 * which builds on these where it shares their answers, so that refreshing by prefix reaches them.
 */

/** The nearby grid's pages (GET /api/users/nearby), one query per search. */
export const nearbyKeys = {
  all: () => ["users", "nearby"] as const,
  list: (params: object | null) => ["users", "nearby", params] as const,
};

/** A member's profile as others see it (GET /api/users/:id). */
export const memberKeys = {
  detail: (id: string) => ["users", "member", id] as const,
};

/** The signals' lists (taps, favorites, viewed me): tapping or starring from a profile refreshes them. */
export const signalKeys = {
  all: () => ["signals"] as const,
  taps: () => ["signals", "taps"] as const,
  favorites: () => ["signals", "favorites"] as const,
  views: () => ["signals", "views"] as const,
};

/** The figures of the header and the home: members online, messages unread. */
export const countKeys = {
  online: () => ["users", "online-count"] as const,
  unread: () => ["messages", "unread-count"] as const,
};

/** The member's inbox. */
export const conversationKeys = {
  list: () => ["messages", "conversations"] as const,
};

/** The base map's layer (GET /api/map/config), the same for every map. */
export const mapConfigKeys = {
  config: () => ["map", "config"] as const,
};
