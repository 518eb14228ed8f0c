/** Whether a browser's Origin is this site (its own host, or one of PUBLIC_ORIGIN). */
export function isAllowedOrigin(origin: string | undefined, host: string | undefined, allowed: string[]): boolean {
  if (!origin) return true; // Not a browser, or a same-origin GET: browsers send Origin on every cross-site POST.
  if (allowed.includes(origin.replace(/\/$/, ""))) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
