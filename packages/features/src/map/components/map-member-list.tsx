import { Fragment, useEffect, useRef, type ReactNode } from "react";
import { Zap } from "lucide-react";
import type { MapMember } from "@vicinity/contract";
import { Avatar, cn } from "@vicinity/ui";
import { avatarUrl } from "@vicinity/features/shared";
import { describeMember, formatMapDistance, memberName } from "../model/describe";

export interface MapMemberListProps {
  members: readonly MapMember[];
  selectedId?: string | null;
  highlightedId?: string | null;
  limited?: boolean;
  /** Rows drawn at most (the rest are counted): the list of a crowded view stays quick. */
  max?: number;
  onSelect?: (member: MapMember) => void;
  onHover?: (id: string | null) => void;
  className?: string;
  /** An ad's place (members only), after the first MAP_LIST_AD_AFTER rows or at the end of a shorter list. */
  adSlot?: ReactNode;
}

export const MAP_LIST_MAX_ROWS = 200;
export const MAP_LIST_AD_AFTER = 5;

/**
 * The members in view as a list, kept in step with the map (hover and selection both ways): the
 * accessible alternative to the markers.
 */
export function MapMemberList({
  members,
  selectedId = null,
  highlightedId = null,
  limited = false,
  max = MAP_LIST_MAX_ROWS,
  onSelect,
  onHover,
  className,
  adSlot,
}: MapMemberListProps) {
  const list = useRef<HTMLUListElement>(null);
  // A marker hovered or chosen on the map brings its row into view.
  const shown = highlightedId ?? selectedId;
  useEffect(() => {
    if (!shown) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-member-id="${CSS.escape(shown)}"]`);
    row?.scrollIntoView?.({ block: "nearest" });
  }, [shown]);

  const rows = members.slice(0, max);
  const adAfter = Math.min(MAP_LIST_AD_AFTER, rows.length) - 1;
  return (
    <div className={cn("grid gap-2", className)}>
      <ul ref={list} aria-label="Members in view" className="grid gap-1" data-testid="map-member-list">
        {rows.map((member, i) => {
          const name = memberName(member);
          const distance = formatMapDistance(member.distance);
          return (
            <Fragment key={member.id}>
              <li>
                <button
                  type="button"
                  data-member-id={member.id}
                  data-highlighted={member.id === highlightedId}
                  aria-pressed={member.id === selectedId}
                  aria-label={describeMember(member)}
                  onClick={() => onSelect?.(member)}
                  onMouseEnter={() => onHover?.(member.id)}
                  onMouseLeave={() => onHover?.(null)}
                  onFocus={() => onHover?.(member.id)}
                  onBlur={() => onHover?.(null)}
                  className="flex w-full items-center gap-3 rounded-lg px-2 py-1.5 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-accent/15 aria-pressed:ring-1 aria-pressed:ring-accent data-[highlighted=true]:bg-muted"
                >
                  <Avatar
                    name={name}
                    src={member.thumbnailUrl && !limited ? avatarUrl(member.thumbnailUrl) : undefined}
                    size="sm"
                    online={member.isOnline}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold">{name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {[member.age, distance].filter((v) => v !== null).join(" · ") ||
                        (member.isOnline ? "Online" : "Offline")}
                    </span>
                  </span>
                  {member.rightNow ? (
                    <span className="inline-flex items-center gap-0.5 rounded-pill bg-accent px-1.5 py-0.5 text-[0.625rem] font-bold text-accent-foreground uppercase">
                      <Zap className="size-3" aria-hidden />
                      Now
                    </span>
                  ) : null}
                </button>
              </li>
              {adSlot && i === adAfter ? <li className="py-1 empty:hidden">{adSlot}</li> : null}
            </Fragment>
          );
        })}
      </ul>
      {members.length > rows.length ? (
        <p className="px-2 text-xs text-muted-foreground">
          and {members.length - rows.length} more: zoom in to see them one by one.
        </p>
      ) : null}
    </div>
  );
}
