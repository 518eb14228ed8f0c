import { PRODUCT_NAME } from "@vicinity/contract";
import { PlainLink, type LandingLink } from "./landing-link";

export function LandingFooter({ link: Link = PlainLink }: { link?: LandingLink }) {
  return (
    <footer className="border-t px-6 py-8 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 sm:flex-row">
        <p>
          <strong className="mr-2 rounded-sm border border-accent px-1.5 py-0.5 text-xs font-bold text-accent-text">
            18+
          </strong>
          {PRODUCT_NAME} is for adults 18+ only.
        </p>
        <nav aria-label="Legal" className="flex gap-6">
          <Link className="underline-offset-4 hover:text-foreground hover:underline" to="/terms">
            Terms
          </Link>
          <Link className="underline-offset-4 hover:text-foreground hover:underline" to="/privacy">
            Privacy
          </Link>
          <Link className="underline-offset-4 hover:text-foreground hover:underline" to="/safety">
            Safety
          </Link>
        </nav>
      </div>
    </footer>
  );
}
