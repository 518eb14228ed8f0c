import { describe, expect, it } from "vitest";
import { MAP_CROWD_MIN, tileKey, tileOf, type MapChanges } from "@vicinity/contract";
import { CITY, offset } from "../test/geo";
import {
  changesFor,
  levelIndex,
  snapshotOf,
  tileChange,
  type TileChange,
  type ViewerChanges,
  type ViewerState,
} from "./fan-out";
import { tileRow, type MapViewer, type TileRow } from "./view";

/**
 * The fan-out's rules alone, without a database (the server's own tests, area.test.ts, hold the
 * whole path to the HTTP answer): what one viewer is sent for a tile's change.
 */
const LEVEL = 12;
const row = (id: string, at: { latitude: number; longitude: number }, fields: Partial<TileRow> = {}): TileRow =>
  tileRow(
    {
      id,
      latitude: at.latitude,
      longitude: at.longitude,
      crowdOnly: false,
      established: false,
      username: id,
      displayName: null,
      age: 30,
      interests: [],
      thumbnailUrl: null,
      isOnline: true,
      rightNow: null,
      ...fields,
    },
    LEVEL,
  );
const viewer: MapViewer = { viewerId: "me", limited: false, profile: { age: 30, interests: [] }, position: CITY };
const nobody: ViewerState = { excluded: new Set(["me"]), position: CITY };
/** All a viewer is sent, what he shares with others and his own together. */
function merged(v: ViewerChanges | null): MapChanges | null {
  if (!v) return null;
  const parts = [v.common, v.own].filter((p): p is MapChanges => p !== null);
  return {
    members: parts.flatMap((p) => p.members),
    moved: parts.flatMap((p) => p.moved),
    removed: parts.flatMap((p) => p.removed),
    crowds: parts.flatMap((p) => p.crowds),
    crowdsRemoved: parts.flatMap((p) => p.crowdsRemoved),
  };
}
const tileOfPoint = (p: { latitude: number; longitude: number }) => tileKey(tileOf(p.latitude, p.longitude, LEVEL));

/** One flush's changes from rows before to rows after, over the tiles of both. */
function flush(before: TileRow[], after: TileRow[], tiles: string[]): Map<string, TileChange> {
  return new Map(
    tiles.map((t) => [
      t,
      tileChange(
        snapshotOf(
          t,
          before.filter((r) => r.tile === t),
          false,
        ),
        snapshotOf(
          t,
          after.filter((r) => r.tile === t),
          false,
        ),
      ),
    ]),
  );
}

describe("changesFor", () => {
  const here = offset(2, 90);
  const there = offset(2.5, 90);
  const tile = tileOfPoint(here);

  it("sends a move as [id, tile, position], the same to every viewer of the tile, and nothing when nothing he may see changed", () => {
    const changes = flush([row("a", here)], [row("a", there)], [tile]);
    const sent = merged(changesFor(viewer, new Set([tile]), changes, levelIndex(changes.values()), nobody, nobody))!;
    expect(sent.moved).toEqual([["a", tileOfPoint(there), there.latitude, there.longitude]]);
    expect(sent).toMatchObject({ members: [], removed: [], crowds: [], crowdsRemoved: [] });

    // Another viewer of the same tile, elsewhere: the very same changes, made once.
    const shared = new Map();
    const index = levelIndex(changes.values());
    const one = changesFor(viewer, new Set([tile]), changes, index, nobody, nobody, shared)!;
    const other: ViewerState = { excluded: new Set(["you"]), position: offset(9, 0) };
    const two = changesFor({ ...viewer, viewerId: "you" }, new Set([tile]), changes, index, other, other, shared)!;
    expect(two.group).not.toBeNull();
    expect(two.group).toBe(one.group);
    expect(two.common).toBe(one.common);

    const same = flush([row("a", here)], [row("a", here)], [tile]);
    expect(changesFor(viewer, new Set([tile]), same, levelIndex(same.values()), nobody, nobody)).toBeNull();
  });

  it("sends nothing for a member in a block with him, and takes him away when the block begins", () => {
    const blocked: ViewerState = { excluded: new Set(["me", "b"]), position: CITY };
    const changes = flush([row("b", here)], [row("b", there)], [tile]);
    expect(changesFor(viewer, new Set([tile]), changes, levelIndex(changes.values()), blocked, blocked)).toBeNull();
    const begins = flush([row("b", here), row("c", here)], [row("b", here), row("c", there)], [tile]);
    const sent = changesFor(viewer, new Set([tile]), begins, levelIndex(begins.values()), nobody, blocked)!;
    expect(merged(sent)!.removed).toEqual(["b"]);
    expect(merged(sent)!.moved.map((m) => m[0])).toEqual(["c"]);
    expect(sent.group).toBeNull();
  });

  it("gives the whole marker to a viewer who did not have him (he came from a tile the viewer does not look at)", () => {
    const far = offset(30, 0);
    const changes = flush([row("a", far)], [row("a", here)], [tile, tileOfPoint(far)]);
    const index = levelIndex(changes.values());
    const sent = changesFor(viewer, new Set([tile]), new Map([[tile, changes.get(tile)!]]), index, nobody, nobody)!;
    expect(merged(sent)!.members.map((m) => [m.tile, m.member.id])).toEqual([[tile, "a"]]);
    expect(merged(sent)!.members[0]!.member.distance).toBeCloseTo(2, 0);
    expect(merged(sent)!.moved).toEqual([]);
    // A whole marker carries his own distance: his alone, apart from what he shares with others.
    expect(sent.own!.members).toHaveLength(1);
    expect(sent.common).toBeNull();
    // And the other way: gone from his tiles.
    const back = flush([row("a", here)], [row("a", far)], [tile, tileOfPoint(far)]);
    const away = changesFor(
      viewer,
      new Set([tile]),
      new Map([[tile, back.get(tile)!]]),
      levelIndex(back.values()),
      nobody,
      nobody,
    );
    expect(merged(away)!).toMatchObject({ members: [], moved: [], removed: ["a"] });
  });

  it("brings a crowd-only member out of his crowd when the fifth established member arrives in his cell, and not for a viewer who blocks one of them", () => {
    const shy = row("shy", here, { crowdOnly: true });
    const established = Array.from({ length: MAP_CROWD_MIN }, (_, i) => row(`e${i}`, here, { established: true }));
    const changes = flush([shy, ...established.slice(1)], [shy, ...established], [tile]);
    const sent = merged(changesFor(viewer, new Set([tile]), changes, levelIndex(changes.values()), nobody, nobody))!;
    expect(sent.members.map((m) => m.member.id).sort()).toEqual(["e0", "shy"]);
    expect(sent.crowdsRemoved).toEqual([shy.crowdCell]);

    // He blocks one of the five: for him only four are there, the shy one stays counted in his crowd.
    const blocking: ViewerState = { excluded: new Set(["me", "e1"]), position: CITY };
    const his = merged(changesFor(viewer, new Set([tile]), changes, levelIndex(changes.values()), blocking, blocking))!;
    expect(his.members.map((m) => m.member.id)).toEqual(["e0"]);
    expect(his.crowds).toEqual([]);
    expect(his.crowdsRemoved).toEqual([]);
  });

  it("sends a viewer who moved everyone in the tiles again (his client works out the new distances), though nobody there moved", () => {
    const changes = flush([row("a", here)], [row("a", here)], [tile]);
    const moved: ViewerState = { excluded: new Set(["me"]), position: offset(5, 270) };
    const sent = changesFor(
      { ...viewer, position: moved.position },
      new Set([tile]),
      changes,
      levelIndex(changes.values()),
      nobody,
      moved,
    );
    expect(merged(sent)!.moved.map((m) => m[0])).toEqual(["a"]);
    expect(sent!.group).toBeNull();
  });
});
