import { describe, expect, it, vi } from "vitest";
import {
  applyMapChanges,
  MAP_MAX_TILES,
  MAP_MIN_DATA_ZOOM,
  mapAreaPath,
  NO_MEMBER_FILTERS,
  replaceMapTiles,
  type MapArea,
  type MapMember,
  type MemberFilters,
} from "@vicinity/contract";
import { describeCluster, describeMember } from "./describe";
import { filtersKey, mapKeys } from "../api/map-area";
import { MarkerIndex } from "./marker-index";
import { createThrottle } from "./throttle";
import { dataTilesFor, privacyCellAround } from "./view";

const member = (id: string, fields: Partial<MapMember> = {}): MapMember => ({
  id,
  username: id,
  displayName: "Alex",
  age: 29,
  thumbnailUrl: null,
  isOnline: true,
  rightNow: null,
  latitude: 30.33,
  longitude: -81.65,
  distance: 1.2,
  compatibility: null,
  ...fields,
});

const JAX = { south: 30.2, west: -81.8, north: 30.45, east: -81.5 };

describe("dataTilesFor", () => {
  it("asks nothing below the data zoom", () => {
    expect(dataTilesFor({ box: JAX, zoom: MAP_MIN_DATA_ZOOM - 1 })).toBeNull();
  });
  it("covers the view at the zoom's level, sorted", () => {
    const tiles = dataTilesFor({ box: JAX, zoom: 11 })!;
    expect(tiles.every((t) => t.startsWith("9/"))).toBe(true);
    expect([...tiles].sort()).toEqual(tiles);
  });
  it("never asks more than MAP_MAX_TILES", () => {
    const tiles = dataTilesFor({ box: { south: 20, west: -100, north: 45, east: -60 }, zoom: 14 })!;
    expect(tiles.length).toBeLessThanOrEqual(MAP_MAX_TILES);
  });
});

describe("the area's key and call with filters", () => {
  it("names the same filters the same way, and none as nothing", () => {
    const tiles = ["12/1/1"];
    expect(mapKeys.area(tiles)).toEqual(mapKeys.area(tiles, NO_MEMBER_FILTERS));
    expect(filtersKey(NO_MEMBER_FILTERS)).toBe("");
    const a = { ...NO_MEMBER_FILTERS, positions: ["versatile", "top"] as MemberFilters["positions"], ageMax: 40 };
    const b = { ...a, positions: ["top", "versatile"] as MemberFilters["positions"] };
    expect(mapKeys.area(tiles, a)).toEqual(mapKeys.area(tiles, b));
    expect(mapKeys.area(tiles, a)).not.toEqual(mapKeys.area(tiles));
    expect(mapAreaPath(tiles, a)).toBe("/api/map/area?tiles=12/1/1&ageMax=40&position=top,versatile");
    expect(mapAreaPath(tiles)).toBe("/api/map/area?tiles=12/1/1");
  });
});

describe("MarkerIndex", () => {
  it("counts a crowd's members into the cluster it joins, and draws a lone crowd as a count", () => {
    const index = new MarkerIndex(
      [member("a"), member("b", { latitude: 30.3301 })],
      [{ id: "c1", latitude: 30.3302, longitude: -81.65, count: 7 }],
    );
    const [cluster] = index.itemsIn(JAX, 10);
    expect(cluster).toMatchObject({ kind: "cluster", count: 9 });
    const alone = new MarkerIndex([], [{ id: "c1", latitude: 30.33, longitude: -81.65, count: 7 }]).itemsIn(JAX, 10);
    expect(alone).toEqual([expect.objectContaining({ kind: "crowd", count: 7 })]);
  });
  it("draws only what is in the box", () => {
    const index = new MarkerIndex([member("a"), member("far", { latitude: 40, longitude: -70 })], []);
    expect(index.itemsIn(JAX, 17).map((i) => i.key)).toEqual(["member:a"]);
  });
});

describe("labels", () => {
  it("announces a member and a cluster", () => {
    expect(describeMember(member("a"))).toBe("Alex, 29, online, 1.2 km");
    expect(describeCluster(12)).toBe("Cluster of 12 members");
  });
});

describe("replaceMapTiles (a mapTiles push)", () => {
  it("replaces the pushed tiles whole and keeps the others", () => {
    const area = {
      truncated: false,
      limited: false,
      tiles: [
        { tile: "9/1/1", members: [member("a")], crowds: [] },
        { tile: "9/1/2", members: [member("b")], crowds: [] },
      ],
    };
    const next = replaceMapTiles(area, {
      truncated: false,
      limited: false,
      tiles: [
        { tile: "9/1/2", members: [], crowds: [] },
        { tile: "9/7/7", members: [member("z")], crowds: [] },
      ],
    });
    expect(next.tiles.map((t) => [t.tile, t.members.length])).toEqual([
      ["9/1/1", 1],
      ["9/1/2", 0],
    ]);
  });
});

describe("applyMapChanges (a mapChanges push)", () => {
  const score = { score: 70, sharedInterests: ["hiking"], parts: { interests: 17, age: 25, distance: 28 } };
  const area = (): MapArea => ({
    truncated: false,
    limited: false,
    tiles: [
      { tile: "12/1/1", members: [member("a", { compatibility: score }), member("b")], crowds: [] },
      {
        tile: "12/1/2",
        members: [member("c")],
        crowds: [{ id: "14/4/8", latitude: 30.3, longitude: -81.6, count: 2 }],
      },
    ],
  });
  const none = { members: [], moved: [], removed: [], crowds: [], crowdsRemoved: [] };
  const ids = (a: MapArea) => a.tiles.map((t) => [t.tile, t.members.map((m) => m.id).sort()]);

  it("moves a member to his new tile with his new distance and score from the viewer's own position, without his whole marker", () => {
    const own = { latitude: 30.4, longitude: -81.58 };
    const { area: next, missing } = applyMapChanges(
      area(),
      {
        ...none,
        moved: [["a", "12/1/2", 30.4, -81.7]],
      },
      own,
    );
    expect(missing).toBe(false);
    expect(ids(next)).toEqual([
      ["12/1/1", ["b"]],
      ["12/1/2", ["a", "c"]],
    ]);
    const a = next.tiles[1]!.members.find((m) => m.id === "a")!;
    // 0.12° of longitude at 30.4° N: 11.5 km; the distance part 25 × (1 - 11.5 / 50) = 19.
    expect(a).toMatchObject({ latitude: 30.4, longitude: -81.7, distance: 11.5, displayName: "Alex" });
    // The score is its parts' sum: the distance part replaced, the others kept.
    expect(a.compatibility).toEqual({ ...score, score: 61, parts: { ...score.parts, distance: 19 } });
    // Without a position of his own: no distance, and the neutral part (as the server answers).
    const blind = applyMapChanges(area(), { ...none, moved: [["a", "12/1/2", 30.4, -81.7]] }, null).area;
    const b = blind.tiles[1]!.members.find((m) => m.id === "a")!;
    expect(b.distance).toBeNull();
    expect(b.compatibility!.parts.distance).toBe(10);
  });

  it("puts new and changed members in their tile, removes the gone, and keeps crowds current", () => {
    const { area: next } = applyMapChanges(
      area(),
      {
        members: [
          { tile: "12/1/1", member: member("n") },
          { tile: "12/1/1", member: member("c", { displayName: "Cal" }) },
        ],
        moved: [],
        removed: ["b"],
        crowds: [{ tile: "12/1/2", crowd: { id: "14/4/9", latitude: 30.2, longitude: -81.6, count: 1 } }],
        crowdsRemoved: ["14/4/8"],
      },
      null,
    );
    expect(ids(next)).toEqual([
      ["12/1/1", ["a", "c", "n"]],
      ["12/1/2", []],
    ]);
    expect(next.tiles[0]!.members.find((m) => m.id === "c")!.displayName).toBe("Cal");
    expect(next.tiles[1]!.crowds.map((c) => [c.id, c.count])).toEqual([["14/4/9", 1]]);
  });

  it("says when a member it never had moved into its tiles (fetch again), and ignores tiles it does not show", () => {
    expect(applyMapChanges(area(), { ...none, moved: [["zz", "12/1/1", 30.4, -81.7]] }, null).missing).toBe(true);
    const elsewhere = applyMapChanges(
      area(),
      {
        ...none,
        members: [{ tile: "12/9/9", member: member("far") }],
        moved: [["a", "12/9/9", 30.4, -81.7]],
      },
      null,
    );
    expect(elsewhere.missing).toBe(false);
    expect(ids(elsewhere.area)).toEqual([
      ["12/1/1", ["b"]],
      ["12/1/2", ["c"]],
    ]);
  });
});

describe("createThrottle", () => {
  it("sends at once, then the latest at the end of the interval", () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const throttle = createThrottle<number>(
      15_000,
      (v) => sent.push(v),
      () => Date.now(),
    );
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(15_000);
    expect(sent).toEqual([1, 3]);
    vi.useRealTimers();
  });
});

describe("privacyCellAround", () => {
  it("is a 500 m cell holding the point", () => {
    const cell = privacyCellAround({ latitude: 30.33218, longitude: -81.65571 });
    expect(cell.south).toBeLessThanOrEqual(30.33218);
    expect(cell.north).toBeGreaterThan(30.33218);
    expect((cell.north - cell.south) * 111_320).toBeCloseTo(500, 0);
  });
});
