import { Link } from "react-router";
import { EyeOff } from "lucide-react";
import { Button } from "@vicinity/ui";

/** Spec section 4: what a guest is told, with the invitation to sign up (decisions.md, Roles). */
export const ANONYMOUS_NOTICE = "Browsing anonymously - limited features available";

export function AnonymousBanner() {
  return (
    <div role="note" className="border-b border-accent/30 bg-accent/10">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm">
        <p className="flex items-center gap-2">
          <EyeOff className="size-4 text-accent-text" aria-hidden />
          {ANONYMOUS_NOTICE}
        </p>
        <Button asChild size="sm">
          <Link to="/join">Sign Up for Full Access</Link>
        </Button>
      </div>
    </div>
  );
}
