import type { AdInput, EventInput } from "@vicinity/contract";
import { CITY, offset } from "./geo";

/** Valid inputs of the calls that create things, for the server's tests: each test overrides what it is about. */

export const HOUR_MS = 3_600_000;
export const inHours = (h: number): string => new Date(Date.now() + h * HOUR_MS).toISOString();

/** An event tomorrow near the city centre, open to all, its address for everyone. */
export function eventInput(over: Partial<EventInput> = {}): EventInput {
  return {
    title: "Beach volleyball",
    description: "Bring water; we have the net.",
    category: "sports",
    startsAt: inHours(24),
    endsAt: inHours(27),
    timeZone: "America/New_York",
    venueName: "Jacksonville Beach, 4th Ave",
    address: "400 1st St N, Jacksonville Beach",
    addressFor: "everyone",
    ...offset(2, 80),
    capacity: 20,
    coverMediaId: null,
    ...over,
  };
}

/** A running ad campaign around the city centre for members aged 25 to 40. */
export function adInput(over: Partial<AdInput> = {}): AdInput {
  return {
    advertiser: "Riverside Coffee",
    headline: "Two for one lattes",
    body: "Show this ad at the counter, all week.",
    callToAction: "Get directions",
    destinationUrl: "https://coffee.example.com/offer",
    mediaId: null,
    area: { latitude: CITY.latitude, longitude: CITY.longitude, radiusKm: 10 },
    ageMin: 25,
    ageMax: 40,
    interests: [],
    startsAt: new Date(Date.now() - HOUR_MS).toISOString(),
    endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    timeZone: "America/New_York",
    weight: 1,
    totalCap: null,
    dailyCap: null,
    frequencyCap: 2,
    ...over,
  };
}
