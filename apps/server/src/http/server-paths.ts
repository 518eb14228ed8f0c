import { DEV_PREFIX } from "../mail/dev-routes";
import { HEALTH_PATHS } from "../ops/routes";

/**
 * The paths the server answers itself, never with the web app's page: the API, the operator's
 * (/metrics, /healthz, /readyz) and the developer's (/dev/...). Such a path that no route took
 * (/metrics without an operator token, /dev/mail outside development) is a 404 with a message,
 * not index.html with a 200, which told a scraper or a prober that something was there.
 */
const SERVER_PREFIXES = ["/api", ...Object.values(HEALTH_PATHS), DEV_PREFIX];

/** The path of a URL without its query, percent-decoded when it can be (/%6Detrics is /metrics to the router). */
function pathOf(url: string): string {
  const path = url.split("?")[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether an unknown URL belongs to the server (a JSON 404) rather than to the web app (its page). */
export function isServerPath(url: string): boolean {
  const path = pathOf(url).toLowerCase();
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
