import { describe, expect, it } from "vitest";
import { AD_HEADLINE_MAX } from "@vicinity/contract";
import { adFormOf, adInputOf, emptyAdForm, validateAdForm, type AdFormValues } from "./creator";

const NOW = Date.parse("2026-06-15T10:20:00Z");
const filled = (): AdFormValues => ({
  ...emptyAdForm("America/New_York", NOW),
  advertiser: "Riverside Sauna",
  headline: "Two for one every Thursday",
  body: "Steam, pool and a rooftop bar.",
  destinationUrl: "https://riverside-sauna.example/offer",
  ageMin: "25",
  ageMax: "40",
  frequencyCap: "2",
});

describe("the ad creator's form", () => {
  it("starts at the next whole hour, for 30 days, in the admin's zone", () => {
    const form = emptyAdForm("America/New_York", NOW);
    // 11:00 UTC is 07:00 in New York (summer time).
    expect(form.startsLocal).toBe("2026-06-15T07:00");
    expect(form.endsLocal).toBe("2026-07-15T07:00");
  });

  it("reads a filled form as the server's input", () => {
    const { input, errors } = validateAdForm(filled());
    expect(errors).toBeUndefined();
    expect(input).toMatchObject({
      area: { latitude: 30.3322, longitude: -81.6557, radiusKm: 10 },
      ageMin: 25,
      ageMax: 40,
      frequencyCap: 2,
      totalCap: null,
      dailyCap: null,
      startsAt: "2026-06-15T11:00:00.000Z",
      timeZone: "America/New_York",
    });
  });

  it("targets everyone when no area is chosen", () => {
    expect(adInputOf({ ...filled(), targetArea: false }).area).toBeNull();
  });

  it("says what is wrong with each field, in the contract's words", () => {
    const { input, errors } = validateAdForm({
      ...filled(),
      advertiser: "",
      headline: "x".repeat(AD_HEADLINE_MAX + 1),
      destinationUrl: "http://insecure.example",
      ageMin: "40",
      ageMax: "25",
      weight: "",
      dailyCap: "500",
      totalCap: "100",
    });
    expect(input).toBeUndefined();
    expect(errors).toMatchObject({
      advertiser: "Advertiser is required",
      headline: `Headline can be at most ${AD_HEADLINE_MAX} characters`,
      destinationUrl: "Destination must be an https:// link",
      weight: "Weight must be a number",
    });
  });

  it("checks the ranges once every field is right", () => {
    expect(validateAdForm({ ...filled(), ageMin: "40", ageMax: "25" }).errors).toEqual({
      ageMax: "The youngest age must not be above the oldest",
    });
    expect(validateAdForm({ ...filled(), dailyCap: "500", totalCap: "100" }).errors).toEqual({
      dailyCap: "The daily cap must not be above the total cap",
    });
    expect(validateAdForm({ ...filled(), endsLocal: filled().startsLocal }).errors).toEqual({
      endsAt: "The end must be after the start",
    });
  });

  it("asks for both times", () => {
    expect(validateAdForm({ ...filled(), startsLocal: "" }).errors?.startsAt).toBe("Choose when it starts");
  });

  it("gives back the same form for a saved campaign", () => {
    const { input } = validateAdForm(filled());
    expect(adFormOf(input!)).toEqual({ ...filled(), callToAction: "Learn more" });
  });
});
