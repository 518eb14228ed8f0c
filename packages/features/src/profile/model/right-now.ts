export { rightNowMinutesLeft } from "@vicinity/contract";

export function formatRightNowRemaining(minutes: number): string {
  return `Right Now for ${minutes} more ${minutes === 1 ? "minute" : "minutes"}`;
}
