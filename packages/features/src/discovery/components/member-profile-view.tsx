import { useState, type ReactNode } from "react";
import { Ban, ChevronLeft, Flag, MapPin, MessageCircle, Sparkles, Zap } from "lucide-react";
import type { MemberProfile } from "@vicinity/contract";
import { Avatar, Badge, Button, Card, cn } from "@vicinity/ui";
import {
  optimizedImageUrl,
  thumbnailUrl,
  displayNameOf,
  formatAge,
  formatCompatibility,
  formatDistance,
  profileTermLabel,
  rightNowMinutesLeft,
} from "@vicinity/features/shared";

const label = profileTermLabel;

export interface MemberProfileViewProps {
  profile: MemberProfile;
  onBack?: () => void;
  onMessage?: () => void;
  onBlock?: (block: boolean) => void;
  onReport?: () => void;
  blocking?: boolean;
  /** His taps, the match and the star (the page gives SignalButtons); none while he is blocked. */
  signals?: ReactNode;
  /** His private albums shared with me (the page gives the shell's slot); none while he is blocked. */
  albums?: ReactNode;
}

/** A member's profile: his photos, bio, interests, position, body type, distance and match. */
export function MemberProfileView({
  profile,
  onBack,
  onMessage,
  onBlock,
  onReport,
  blocking = false,
  signals,
  albums,
}: MemberProfileViewProps) {
  const name = displayNameOf(profile);
  const [shown, setShown] = useState(0);
  const photo = profile.photos[shown] ?? profile.photos[0];
  const age = formatAge(profile.age);
  const match = formatCompatibility(profile.compatibility);
  const shared = new Set(profile.compatibility?.sharedInterests.map((i) => i.toLowerCase()) ?? []);
  const facts = [
    ["Position", label(profile.role)],
    ["Body type", label(profile.bodyType)],
  ].filter((f): f is [string, string] => Boolean(f[1]));

  return (
    <article
      className="mx-auto grid w-full max-w-5xl gap-6 px-3 py-4 sm:px-6 sm:py-8 md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]"
      aria-labelledby="member-name"
    >
      <div className="md:col-span-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ChevronLeft aria-hidden /> Back
        </Button>
      </div>

      <section aria-label="Photos" className="grid gap-3">
        {photo ? (
          <img
            src={optimizedImageUrl(photo.url, { w: 720, q: 85 })}
            alt={`${name}'s photo ${shown + 1} of ${profile.photos.length}`}
            className="aspect-[4/5] w-full rounded-xl bg-muted object-cover"
            data-testid="member-photo"
          />
        ) : (
          <div className="flex aspect-[4/5] w-full items-center justify-center rounded-xl bg-muted">
            <Avatar name={name} size="xl" />
            <span className="sr-only">No photos yet</span>
          </div>
        )}
        {profile.photos.length > 1 ? (
          <ul className="flex gap-2" aria-label="All photos">
            {profile.photos.map((p, i) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => setShown(i)}
                  aria-label={`Show photo ${i + 1}`}
                  aria-pressed={i === shown}
                  className={cn(
                    "block overflow-hidden rounded-md ring-offset-2 ring-offset-background",
                    i === shown && "ring-2 ring-accent",
                  )}
                >
                  <img src={thumbnailUrl(p.url)} alt="" className="size-16 object-cover" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="grid content-start gap-5">
        <header className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="member-name" className="font-display text-3xl font-bold">
              {name}
            </h1>
            {profile.isOnline ? <Badge variant="success">Online</Badge> : null}
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
            {age ? <span>{age}</span> : null}
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden /> {formatDistance(profile)}
            </span>
          </p>
        </header>

        {profile.rightNow ? (
          <p
            className="flex items-start gap-2 rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm"
            data-testid="right-now"
          >
            <Zap className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
            <span>
              <strong className="text-accent-text">Right Now:</strong> {profile.rightNow.note}{" "}
              <span className="text-muted-foreground">({rightNowMinutesLeft(profile.rightNow.until)} min left)</span>
            </span>
          </p>
        ) : null}

        {profile.isBlocked ? (
          <p role="status" className="rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm">
            You blocked {name}. Neither of you sees the other in discovery, and messages stop both ways.
          </p>
        ) : null}

        <div className="flex flex-wrap gap-2">
          {!profile.isBlocked ? (
            <Button onClick={onMessage}>
              <MessageCircle aria-hidden /> Message
            </Button>
          ) : null}
          <Button
            variant={profile.isBlocked ? "primary" : "outline"}
            onClick={() => onBlock?.(!profile.isBlocked)}
            disabled={blocking}
          >
            <Ban aria-hidden /> {profile.isBlocked ? "Unblock" : "Block"}
          </Button>
          <Button variant="ghost" onClick={onReport}>
            <Flag aria-hidden /> Report
          </Button>
        </div>

        {!profile.isBlocked && signals ? signals : null}

        {!profile.isBlocked && albums ? albums : null}

        {match && profile.compatibility ? (
          <Card className="grid gap-2 p-4" data-testid="compatibility">
            <p className="flex items-center gap-2 font-semibold">
              <Sparkles className="size-4 text-accent-text" aria-hidden /> {match}
            </p>
            <dl className="grid grid-cols-3 gap-2 text-center text-xs text-muted-foreground">
              <div>
                <dt>Interests</dt>
                <dd className="text-base font-semibold text-foreground">{profile.compatibility.parts.interests}/50</dd>
              </div>
              <div>
                <dt>Age</dt>
                <dd className="text-base font-semibold text-foreground">{profile.compatibility.parts.age}/25</dd>
              </div>
              <div>
                <dt>Distance</dt>
                <dd className="text-base font-semibold text-foreground">{profile.compatibility.parts.distance}/25</dd>
              </div>
            </dl>
            <p className="text-xs text-muted-foreground">
              From shared interests, how close your ages are and how near he is. No hidden model.
            </p>
          </Card>
        ) : null}

        <section aria-labelledby="about-heading" className="grid gap-2">
          <h2 id="about-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            About
          </h2>
          <p className="whitespace-pre-line">{profile.bio || `${name} hasn't written a bio yet.`}</p>
        </section>

        {facts.length > 0 ? (
          <dl className="grid grid-cols-2 gap-3">
            {facts.map(([term, value]) => (
              <div key={term} className="rounded-lg bg-muted/60 p-3">
                <dt className="text-xs text-muted-foreground">{term}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}

        {profile.interests.length > 0 ? (
          <section aria-labelledby="interests-heading" className="grid gap-2">
            <h2 id="interests-heading" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              Interests
            </h2>
            <ul className="flex flex-wrap gap-2">
              {profile.interests.map((interest) => (
                <li key={interest}>
                  <Badge variant={shared.has(interest.toLowerCase()) ? "accent" : "default"}>
                    {interest}
                    {shared.has(interest.toLowerCase()) ? <span className="sr-only"> (shared)</span> : null}
                  </Badge>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </section>
    </article>
  );
}
