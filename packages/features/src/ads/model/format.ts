import type { AdCampaign, AdInput } from "@vicinity/contract";

export const formatCount = (n: number) => n.toLocaleString("en-US");
export const formatCtr = (ctr: number) => `${ctr.toFixed(2)}%`;

/** A campaign's schedule in its own zone: "15 Jun 2026 – 15 Jul 2026". */
export function scheduleText(input: { startsAt: string; endsAt: string; timeZone: string }): string {
  const day = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: input.timeZone,
    }).format(new Date(iso));
  return `${day(input.startsAt)} – ${day(input.endsAt)}`;
}

/**
 * Why a campaign is "Scheduled": when it starts, in its own time zone ("Starts 13 Jun 2026, 22:00
 * (America/New_York): members see it from then."). A start left at its default (the next full hour)
 * made "Save and start" look as if it had not started anything.
 */
export function scheduledText(input: { startsAt: string; timeZone: string }): string {
  const when = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: input.timeZone,
  }).format(new Date(input.startsAt));
  return `Starts ${when} (${input.timeZone}): members see it from then.`;
}

/** The settings a campaign's page and list read (the server sends them as the creator's input). */
export function settingsOf(campaign: AdCampaign) {
  return campaign.input as unknown as AdInput;
}

/** Its targeting in words. */
export function targetingText(input: AdInput): string[] {
  const out: string[] = [];
  out.push(
    input.area
      ? `Within ${input.area.radiusKm} km of ${input.area.latitude.toFixed(3)}, ${input.area.longitude.toFixed(3)}`
      : "Everywhere",
  );
  out.push(
    input.ageMin !== null || input.ageMax !== null
      ? `Aged ${input.ageMin ?? 18} to ${input.ageMax ?? 99}`
      : "Every age",
  );
  out.push(input.interests.length > 0 ? `Interested in ${input.interests.join(", ")}` : "Any interests");
  return out;
}
