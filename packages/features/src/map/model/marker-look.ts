/** A member marker's size, px. */
export const MEMBER_MARKER_PX = 44;

/** A cluster's size grows with its count (log scale), px. */
export function clusterSizePx(count: number): number {
  return Math.round(Math.min(64, 34 + Math.log10(Math.max(1, count)) * 12));
}

/** His own position: the one marker that stays an element (above the canvas of the others, never clustered). */
export const OWN_MARKER_HTML =
  '<span class="block size-full rounded-full border-[3px] border-white bg-[#2f7bff] shadow-[0_0_0_6px_rgba(47,123,255,0.3)]"></span>';

/** A count as a cluster or crowd shows it: 950, 1.2k, 12k. */
export function formatCount(count: number): string {
  return count >= 10_000
    ? `${Math.round(count / 1000)}k`
    : count >= 1000
      ? `${(count / 1000).toFixed(1)}k`
      : String(count);
}
