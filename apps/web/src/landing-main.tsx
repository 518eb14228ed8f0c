// The landing page's own script (docs/decisions/0019, 0031): the server sends landing.html,
// rendered at build time, at "/" to a visitor (no live session). Its text, its links (plain
// anchors, whose pages the app serves) and its styles need no script, so this first script is
// small and asks for the rest (React and the landing page, which bring the demo figures to life)
// only once the page has been painted: on a slow network the page's HTML, its style sheet and its
// fonts have the line to themselves, and its headline paints without waiting for 80 KB of script.
import { ANONYMOUS_FLAG_KEY, endAnonymousSession } from "@vicinity/features/shared";
import "@vicinity/ui/styles.css";

// The server sent this page, so this browser has no live session: a guest flag still kept here
// belongs to a guest session that has ended (idle or expired).
try {
  if (window.localStorage.getItem(ANONYMOUS_FLAG_KEY) !== null) endAnonymousSession();
} catch {
  // Storage refused: nothing kept, nothing to clear.
}

/** Calls back once the next frame has been painted: a frame's callbacks run before its paint, a task queued from one after it. */
function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

afterNextPaint(() => void import("./landing-hydrate"));
