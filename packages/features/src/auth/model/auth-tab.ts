/** The two tabs of both auth screens, as the `tab` query parameter names them (spec section 2). */
export type AuthTab = "login" | "signup";

export const AUTH_TAB_PARAM = "tab";

/** /auth: "login" or "signup"; anything else (or nothing) means login. */
export function parseAuthTab(value: string | null, fallback: AuthTab = "login"): AuthTab {
  return value === "login" || value === "signup" ? value : fallback;
}
