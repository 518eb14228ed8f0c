import { Link, useLocation } from "react-router";
import { Button } from "@vicinity/ui";

/**
 * Any path the app does not know (spec section 2: the heading, and a hint about the missing route,
 * in a member's words). The server sends it with a 404 (APP_PAGE_PATTERNS).
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background px-6 text-center">
      <p className="font-display text-8xl font-bold text-accent-text" aria-hidden>
        404
      </p>
      <h1 className="font-display text-3xl font-bold">404 Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        There is no page at <code className="rounded-sm bg-muted px-1.5 py-0.5 text-foreground">{pathname}</code>. The
        link may be old or mistyped: check the address, or start again from the home page.
      </p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </main>
  );
}
