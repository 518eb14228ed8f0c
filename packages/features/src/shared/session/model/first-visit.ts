/** Where this tab remembers that its member joined during this visit (sessionStorage: this tab, until it closes). */
export const JOINED_THIS_VISIT_KEY = "vicinity.joinedThisVisit";

/** Called once an account is created in this tab: its member's first visit is this one. */
export function markJoinedThisVisit(userId: string): void {
  try {
    window.sessionStorage.setItem(JOINED_THIS_VISIT_KEY, userId);
  } catch {
    // Storage refused (a private window's quota): he is welcomed back, as before.
  }
}

/** Whether this member joined in this tab's visit (signing in to an account made earlier is coming back). */
export function joinedThisVisit(userId: string): boolean {
  try {
    return window.sessionStorage.getItem(JOINED_THIS_VISIT_KEY) === userId;
  } catch {
    return false;
  }
}

/**
 * The dashboard's title: the spec's 'Welcome back, {first name or username}!', but 'Welcome, {name}!' on the visit he
 * joined in (docs/decisions/0042): a member who has just joined has not been here before.
 */
export function dashboardGreeting(name: string, firstVisit: boolean): string {
  return firstVisit ? `Welcome, ${name}!` : `Welcome back, ${name}!`;
}
