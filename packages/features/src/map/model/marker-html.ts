import type { MapMember } from "@vicinity/contract";
import { initialsOf, memberName } from "./describe";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** A member marker's size, px. */
export const MEMBER_MARKER_PX = 44;

const BOLT =
  '<svg viewBox="0 0 24 24" width="10" height="10" fill="currentColor" aria-hidden="true"><path d="M13 2 3 14h9l-1 8 10-12h-9l1-8z"/></svg>';

/**
 * A member's marker (the element Leaflet positions carries role, label and focus): his picture or
 * initials, a ring in the online colour when he is online, and the Right Now badge. Selection and
 * hover are data attributes on that element (`group-data-*`), so they change without a new icon.
 */
export function memberMarkerHtml(member: MapMember, thumbnail: string | null): string {
  const name = memberName(member);
  const face = thumbnail
    ? `<img src="${escape(thumbnail)}" alt="" draggable="false" class="size-full rounded-full object-cover" />`
    : `<span class="flex size-full items-center justify-center rounded-full bg-secondary font-display text-xs font-semibold text-secondary-foreground">${escape(initialsOf(name))}</span>`;
  const ring = member.isOnline ? "border-online" : "border-surface";
  const now = member.rightNow
    ? `<span class="absolute -top-1 -right-1 flex size-4.5 items-center justify-center rounded-full bg-accent text-accent-foreground ring-2 ring-surface">${BOLT}</span>`
    : "";
  const dot = member.isOnline
    ? '<span class="absolute right-0 bottom-0 size-3 rounded-full bg-online ring-2 ring-surface"></span>'
    : "";
  return `<span class="relative block size-full rounded-full border-[3px] ${ring} bg-muted shadow-lg transition-transform group-data-[highlighted=true]:scale-115 group-data-[selected=true]:scale-125 group-data-[selected=true]:outline-3 group-data-[selected=true]:outline-accent">${face}${dot}${now}</span>`;
}

/** A cluster's size grows with its count (log scale), px. */
export function clusterSizePx(count: number): number {
  return Math.round(Math.min(64, 34 + Math.log10(Math.max(1, count)) * 12));
}

export function clusterMarkerHtml(count: number): string {
  return `<span class="flex size-full items-center justify-center rounded-full bg-accent font-display text-sm font-bold text-accent-foreground shadow-lg ring-4 ring-accent/35">${formatCount(count)}</span>`;
}

/** A crowd: an anonymous count, never a face (decisions.md 6). */
export function crowdMarkerHtml(count: number): string {
  return `<span class="flex size-full items-center justify-center rounded-full border-2 border-dashed border-foreground/60 bg-surface/90 font-display text-sm font-bold text-foreground shadow-md">${formatCount(count)}</span>`;
}

export const OWN_MARKER_HTML =
  '<span class="block size-full rounded-full border-[3px] border-white bg-[#2f7bff] shadow-[0_0_0_6px_rgba(47,123,255,0.3)]"></span>';

function formatCount(count: number): string {
  return count >= 10_000
    ? `${Math.round(count / 1000)}k`
    : count >= 1000
      ? `${(count / 1000).toFixed(1)}k`
      : String(count);
}
