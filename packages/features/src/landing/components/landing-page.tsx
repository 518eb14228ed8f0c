import { useState } from "react";
import { EyeOff, MapPin, Sparkles, Zap } from "lucide-react";
import { PRODUCT_NAME } from "@vicinity/contract";
import { Button } from "@vicinity/ui";
import { HEADLINE_STATS, SAMPLE_PEOPLE } from "../model/demo-activity";
import { useDemoActivity } from "../model/use-demo-activity";
import { anonymousLogin, BrandMark, startAnonymousSession } from "@vicinity/features/shared";
import { HeadlineStats } from "./headline-stats";
import { LandingFooter } from "./landing-footer";
import { PlainLink, type LandingLink } from "./landing-link";
import { LiveActivityPanel } from "./live-activity-panel";

const FEATURES = [
  {
    icon: MapPin,
    title: "Nearby, live",
    body: "See who is around you right now, nearest first, on a grid or a live map.",
  },
  {
    icon: Zap,
    title: "Right Now",
    body: "Free in the next hour? Say so. Your status fades by itself after 60 minutes.",
  },
  {
    icon: Sparkles,
    title: "Matches that explain themselves",
    body: "A compatibility score from shared interests, age and distance, and why.",
  },
  {
    icon: EyeOff,
    title: "Private by design",
    body: "Your exact position never leaves our servers. Go private and vanish from the map.",
  },
] as const;

/**
 * The public landing page (spec section 1 and "Landing page"). It is rendered at build time and
 * served with a script of its own, without the app's router (docs/decisions/0019): its links are
 * plain anchors unless the app gives it its router's `Link`.
 */
export function LandingPage({
  link: Link = PlainLink,
  go = loadPage,
}: {
  link?: LandingLink;
  /** Loads a page whole (stories watch it instead). */
  go?: (path: string) => void;
}) {
  const activity = useDemoActivity();
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-6 py-5">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
          <BrandMark />
        </Link>
        <Button asChild variant="outline" size="sm">
          <Link to="/auth">Sign In</Link>
        </Button>
      </header>

      <main className="flex-1">
        <section aria-labelledby="landing-headline" className="relative overflow-hidden px-6 pt-8 pb-16 sm:pt-16">
          <div
            aria-hidden
            className="pointer-events-none absolute -top-40 left-1/2 size-[44rem] -translate-x-1/2 rounded-full bg-accent/15 blur-3xl"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[1.1fr_1fr]">
            <div className="flex flex-col items-start gap-6">
              <p className="rounded-pill border border-accent/50 px-3 py-1 text-xs font-semibold tracking-widest text-accent-text uppercase">
                For men, near you, now
              </p>
              <h1 id="landing-headline" className="font-display text-5xl font-bold tracking-tight sm:text-6xl">
                See who's <span className="text-accent-text">around you</span>. Meet him tonight.
              </h1>
              <p className="max-w-xl text-lg text-muted-foreground">
                {PRODUCT_NAME} shows you the guys nearby the moment they are online: chat, share pictures, find events
                and meet up, with your location kept private.
              </p>
              <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
                <Button asChild size="xl">
                  <Link to="/join">JOIN FREE NOW</Link>
                </Button>
                <BrowseAnonymously link={Link} go={go} />
              </div>
            </div>
            <div className="flex justify-center lg:justify-end">
              <LiveActivityPanel activity={activity} people={SAMPLE_PEOPLE} />
            </div>
          </div>
        </section>

        <section aria-label="Vicinity in numbers" className="px-6 pb-16">
          <div className="mx-auto max-w-6xl">
            <HeadlineStats stats={HEADLINE_STATS} />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="px-6 pb-20">
          <div className="mx-auto max-w-6xl">
            <h2 id="features-heading" className="mb-8 font-display text-3xl font-bold">
              Everything happens nearby
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ icon: Icon, title, body }) => (
                <li key={title} className="rounded-lg border bg-surface p-5">
                  <Icon className="mb-4 size-6 text-accent-text" aria-hidden />
                  <h3 className="mb-2 font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-heading" className="px-6 pb-20">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 rounded-xl border border-accent/40 bg-surface px-6 py-12 text-center shadow-glow">
            <h2 id="cta-heading" className="font-display text-3xl font-bold sm:text-4xl">
              He's closer than you think.
            </h2>
            <p className="max-w-lg text-muted-foreground">
              Create your profile in a minute. Free, private, and only for adults.
            </p>
            <Button asChild size="xl">
              <Link to="/join">START NOW</Link>
            </Button>
          </div>
        </section>
      </main>

      <LandingFooter link={Link} />
    </div>
  );
}

/**
 * BROWSE ANONYMOUSLY (to /browse, spec section 2) starts the same guest session as /join's Browse Anonymously
 * (decisions.md, Roles): one word, one state. Should the server not start it, he browses as a visitor all the same (the
 * same limited pages). A click that opens another tab is left to the browser (a visitor there).
 */
function BrowseAnonymously({ link: Link, go }: { link: LandingLink; go: (path: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button asChild size="xl" variant="outline">
      <Link
        to="/browse"
        aria-busy={busy || undefined}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          // Then a whole load, as /join's does: the app starts over as the guest.
          void anonymousLogin()
            .then(startAnonymousSession, () => undefined)
            .then(() => go("/browse"));
        }}
      >
        BROWSE ANONYMOUSLY
      </Link>
    </Button>
  );
}

const loadPage = (path: string) => window.location.assign(path);
