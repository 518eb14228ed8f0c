/**
 * Every page the web app has, as its router writes them (apps/web/src/routes.tsx; `:name` a
 * segment, `?` after it optional). The server answers one of them with the app and a 200, any
 * other path with the app's "Page not found" and a 404, so a link checker, a crawler or a prober
 * learns the truth. A test holds the router to this list (apps/web/src/routes.test.ts).
 */
export const APP_PAGE_PATTERNS = [
  "/",
  "/about",
  "/safety",
  "/community-guidelines",
  "/help",
  "/privacy",
  "/terms",
  "/browse",
  "/map",
  "/home",
  "/enhanced-home",
  "/map-basic",
  "/location",
  "/messages/:conversationId?",
  "/events",
  "/events-modern",
  "/events/new",
  "/events/:id",
  "/events/:id/edit",
  "/groups",
  "/groups/new",
  "/groups/:id",
  "/groups/:id/edit",
  "/groups/:id/manage",
  "/members/:id",
  "/interest",
  "/albums/:albumId?",
  "/profile",
  "/admin",
  "/admin/members",
  "/admin/members/:id",
  "/admin/content",
  "/admin/audit",
  "/admin/ads",
  "/admin/ads/new",
  "/admin/ads/:id",
  "/admin/ads/:id/edit",
  "/admin/analytics",
  "/auth",
  "/join",
  "/login",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/undo-email-change",
] as const;

const segmentsOf = (path: string) => path.split("/").filter(Boolean);

/** Whether `pattern` (one of APP_PAGE_PATTERNS) matches `path` (no query), as the router would. */
export function matchesPagePattern(pattern: string, path: string): boolean {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path.replace(/\/+$/, ""));
  if (have.length > want.length) return false;
  return want.every((segment, i) => {
    const value = have[i];
    const optional = segment.endsWith("?");
    if (value === undefined) return optional;
    if (segment.startsWith(":")) return value.length > 0;
    return segment.toLowerCase() === value.toLowerCase();
  });
}

/** Whether the web app has a page at `path` (its query and hash left off). */
export function isAppPage(path: string): boolean {
  const bare = path.split(/[?#]/)[0] ?? "";
  return APP_PAGE_PATTERNS.some((pattern) => matchesPagePattern(pattern, bare));
}
