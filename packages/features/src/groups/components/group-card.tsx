import { Link } from "react-router";
import { Lock, MapPin, Users } from "lucide-react";
import type { GroupSummary } from "@vicinity/contract";
import { Badge } from "@vicinity/ui";
import { optimizedImageUrl } from "@vicinity/features/shared";

export const ROLE_LABELS = { owner: "Owner", moderator: "Moderator", member: "Member" } as const;

export const membersText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "member" : "members"}`;

/** A group in a list: cover, name, size, distance, and where the viewer stands with it. */
export function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <li
      className="bg-card relative flex gap-3 rounded-xl border p-3 focus-within:outline-2 focus-within:outline-ring hover:bg-muted/40"
      data-testid="group-card"
    >
      <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-muted sm:size-20">
        {group.coverUrl ? (
          <img
            src={optimizedImageUrl(group.coverUrl, { w: 160, h: 160 })}
            alt=""
            width={80}
            height={80}
            className="size-full object-cover"
            loading="lazy"
          />
        ) : (
          <div
            className="grid size-full place-items-center bg-gradient-to-br from-accent/40 to-muted font-display text-2xl font-bold text-foreground/80"
            aria-hidden
          >
            {group.name.slice(0, 1).toUpperCase()}
          </div>
        )}
      </div>
      <div className="grid min-w-0 flex-1 content-start gap-1">
        <h3 className="truncate font-semibold">
          <Link to={`/groups/${group.id}`} className="outline-none after:absolute after:inset-0">
            {group.name}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden /> {membersText(group.memberCount)}
          </span>
          {group.distance !== null ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden /> {group.distance} km
            </span>
          ) : null}
          {group.joinPolicy !== "open" ? (
            <span className="inline-flex items-center gap-1">
              <Lock className="size-3.5" aria-hidden />{" "}
              {group.joinPolicy === "request" ? "Ask to join" : "Invitation only"}
            </span>
          ) : null}
        </p>
        {group.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{group.description}</p> : null}
        <div className="flex flex-wrap gap-1.5">
          {group.myRole ? <Badge variant="default">{ROLE_LABELS[group.myRole]}</Badge> : null}
          {group.pending === "request" ? <Badge variant="outline">Request sent</Badge> : null}
          {group.pending === "invitation" ? <Badge variant="accent">Invited</Badge> : null}
          {group.interests.slice(0, 3).map((interest) => (
            <Badge key={interest} variant="outline" className="font-normal">
              {interest}
            </Badge>
          ))}
        </div>
      </div>
    </li>
  );
}
