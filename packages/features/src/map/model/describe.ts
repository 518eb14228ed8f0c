import type { MapMember } from "@vicinity/contract";

export function memberName(member: Pick<MapMember, "displayName" | "username">): string {
  return member.displayName || member.username;
}

/** km to one decimal (decisions.md 6), from the viewer's snapped position. */
export function formatMapDistance(distance: number | null): string | null {
  return distance === null || !Number.isFinite(distance) ? null : `${distance.toFixed(1)} km`;
}

/** What a marker and a list row announce: "Alex, 29, online, Right Now, 1.2 km". */
export function describeMember(member: MapMember): string {
  const parts = [memberName(member)];
  if (member.age !== null) parts.push(String(member.age));
  parts.push(member.isOnline ? "online" : "offline");
  if (member.rightNow) parts.push("Right Now");
  const distance = formatMapDistance(member.distance);
  if (distance) parts.push(distance);
  return parts.join(", ");
}

export function describeCluster(count: number): string {
  return `Cluster of ${count} member${count === 1 ? "" : "s"}`;
}

export function describeCrowd(count: number): string {
  return `A crowd of ${count} member${count === 1 ? "" : "s"} (not shown one by one)`;
}

export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? (words[0]?.[0] ?? "") + (words[1]?.[0] ?? "") : name.slice(0, 2);
  return letters.toUpperCase();
}
