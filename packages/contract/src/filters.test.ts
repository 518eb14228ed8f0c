import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  filtersOfQuery,
  filtersToKeep,
  parseSavedFilters,
  memberFiltersSchema,
  nearbyQuerySchema,
  nearbySearchPath,
  NO_MEMBER_FILTERS,
  passesMemberFilters,
  readMemberFilters,
  writeMemberFilters,
  type MemberFilters,
} from "./users";

const some: MemberFilters = {
  ageMin: 25,
  ageMax: 40,
  positions: ["versatile", "top"],
  bodyTypes: ["athletic"],
  online: true,
  photos: true,
  rightNow: false,
  favorites: false,
};

const at = { latitude: "30.3", longitude: "-81.6" };
const parse = (extra: Record<string, string>) => nearbyQuerySchema.safeParse({ ...at, ...extra });
const messageOf = (extra: Record<string, string>) => {
  const result = parse(extra);
  return result.success ? "accepted" : result.error.issues[0]?.message;
};

describe("member filters (one set of names for the API, the address and the saved filters)", () => {
  it("writes only what narrows, in a fixed order, and reads it back", () => {
    const query = new URLSearchParams("tab=x&online=true");
    writeMemberFilters(query, some);
    expect(query.toString()).toBe(
      "tab=x&ageMin=25&ageMax=40&position=top%2Cversatile&bodyType=athletic&online=true&photos=true",
    );
    expect(readMemberFilters(query)).toEqual({ ...some, positions: ["top", "versatile"] });
    writeMemberFilters(query, NO_MEMBER_FILTERS);
    expect(query.toString()).toBe("tab=x");
    expect(readMemberFilters(query)).toBeNull();
  });

  it("reads an address leniently: what is not valid is left out, a reversed range is put right", () => {
    expect(
      readMemberFilters(new URLSearchParams("ageMin=60&ageMax=30&position=top,king&bodyType=&online=yes")),
    ).toEqual({ ...NO_MEMBER_FILTERS, ageMin: 30, ageMax: 60, positions: ["top"] });
    expect(readMemberFilters(new URLSearchParams("ageMin=12"))).toEqual(NO_MEMBER_FILTERS);
  });

  it("counts the filters that narrow (the age range once)", () => {
    expect(activeFilterCount(NO_MEMBER_FILTERS)).toBe(0);
    expect(activeFilterCount({ ageMin: 30 })).toBe(1);
    expect(activeFilterCount(some)).toBe(5);
  });

  it("the nearby call takes them strictly: a wrong value is a 400's message, never ignored", () => {
    const ok = parse({ ageMin: "25", ageMax: "40", position: "top,versatile", bodyType: "athletic", online: "true" });
    expect(ok.success && filtersOfQuery(ok.data)).toEqual({
      ...some,
      photos: false,
      positions: ["top", "versatile"],
    });
    expect(parse({}).success && filtersOfQuery(parse({}).data!)).toEqual(NO_MEMBER_FILTERS);
    expect(messageOf({ ageMin: "17" })).toBe("ageMin must be between 18 and 99");
    expect(messageOf({ ageMax: "30.5" })).toBe("ageMax must be a whole number");
    expect(messageOf({ ageMin: "40", ageMax: "30" })).toBe("ageMin can be at most ageMax");
    expect(messageOf({ position: "top,king" })).toBe(
      "position must be among: top, vers-top, versatile, vers-bottom, bottom, side",
    );
    expect(messageOf({ position: "top,top" })).toBe("position names a value twice");
    expect(messageOf({ bodyType: "" })).toMatch(/^bodyType must be among/);
    expect(messageOf({ photos: "1" })).toBe("photos must be true or false");
  });

  it("the search's address carries them as the API reads them", () => {
    const path = nearbySearchPath({ latitude: 30.3, longitude: -81.6, radius: 25, filters: some });
    const query = Object.fromEntries(new URL(path, "http://x").searchParams);
    const parsed = nearbyQuerySchema.safeParse(query);
    expect(parsed.success && filtersOfQuery(parsed.data)).toEqual({ ...some, positions: ["top", "versatile"] });
  });

  it("saved filters are the whole set, checked", () => {
    expect(memberFiltersSchema.safeParse(some).success).toBe(true);
    const wrong = (value: object) => memberFiltersSchema.safeParse({ ...some, ...value }).error?.issues[0]?.message;
    expect(wrong({ ageMin: 50 })).toBe("ageMin can be at most ageMax");
    expect(wrong({ positions: ["top", "top"] })).toBe("positions names a position twice");
    expect(wrong({ bodyTypes: ["huge"] })).toMatch(/^bodyTypes must be among/);
    expect(wrong({ online: "yes" })).toBe("online must be true or false");
    expect(memberFiltersSchema.safeParse({ ...some, extra: 1 }).success).toBe(false);
  });

  it("a member passes when every filter that narrows holds (no age: out while the range is narrowed)", () => {
    const member = {
      age: 30,
      role: "top",
      bodyType: "athletic",
      profileImageUrl: "/media/1",
      isOnline: true,
      rightNow: null,
    };
    expect(passesMemberFilters(member, some)).toBe(true);
    expect(passesMemberFilters({ ...member, age: null }, some)).toBe(false);
    expect(passesMemberFilters({ ...member, age: null }, NO_MEMBER_FILTERS)).toBe(true);
    expect(passesMemberFilters({ ...member, role: "bottom" }, some)).toBe(false);
    expect(passesMemberFilters({ ...member, profileImageUrl: null }, some)).toBe(false);
    expect(passesMemberFilters({ ...member, isOnline: false }, some)).toBe(false);
    expect(passesMemberFilters(member, { rightNow: true })).toBe(false);
  });

  it("the Favorites filter travels by the same names: the address, the API, the saved set", () => {
    const query = new URLSearchParams();
    writeMemberFilters(query, { favorites: true });
    expect(query.toString()).toBe("favorites=true");
    expect(readMemberFilters(query)).toEqual({ ...NO_MEMBER_FILTERS, favorites: true });
    expect(activeFilterCount({ favorites: true, online: true })).toBe(2);
    const parsed = parse({ favorites: "true" });
    expect(parsed.success && filtersOfQuery(parsed.data)).toEqual({ ...NO_MEMBER_FILTERS, favorites: true });
    expect(messageOf({ favorites: "yes" })).toBe("favorites must be true or false");
    expect(memberFiltersSchema.safeParse({ ...some, favorites: "yes" }).error?.issues[0]?.message).toBe(
      "favorites must be true or false",
    );
    const member = { age: 30, isOnline: true, rightNow: null };
    expect(passesMemberFilters({ ...member, isFavorite: true }, { favorites: true })).toBe(true);
    expect(passesMemberFilters(member, { favorites: true })).toBe(false);
    expect(passesMemberFilters(member, NO_MEMBER_FILTERS)).toBe(true);
  });

  it("filters saved before Favorites existed still read (favorites off)", () => {
    const { favorites: _, ...older } = some;
    expect(memberFiltersSchema.safeParse(older).success).toBe(true);
    expect(parseSavedFilters(older)).toEqual({ ...filtersToKeep(some), favorites: false });
    expect(parseSavedFilters({ ...NO_MEMBER_FILTERS, favorites: true })).toEqual({
      ...NO_MEMBER_FILTERS,
      favorites: true,
    });
  });

  it("keeps saved filters in one form, and none that narrows as null", () => {
    expect(filtersToKeep(NO_MEMBER_FILTERS)).toBeNull();
    expect(filtersToKeep({ positions: [] })).toBeNull();
    expect(filtersToKeep(some)?.positions).toEqual(["top", "versatile"]);
    expect(parseSavedFilters(some)).toEqual(filtersToKeep(some));
    expect(parseSavedFilters(null)).toBeNull();
    expect(parseSavedFilters(NO_MEMBER_FILTERS)).toBeNull();
    // An older or broken shape is none, never an error.
    expect(parseSavedFilters({ ageMin: 30 })).toBeNull();
    expect(parseSavedFilters({ ...some, ageMin: 60 })).toBeNull();
  });
});
