import type { MapChanges, MapCrowd, MapMove } from "@vicinity/contract";
import type { LatLon } from "../location/privacy-grid";
import { crowdAt, establishedPerCell, memberFor, showsAlone, type MapViewer, type TileRow } from "./view";

/**
 * The live map's fan-out by tile (docs/decisions/0038): a changed tile's rows are found once per
 * flush for everyone (a TileSnapshot); what changed in it is worked out once (a TileChange); each
 * viewer's own rules (himself and those in a block with him left out, his distances and scores)
 * are applied in memory to what changed, and he is sent only that (MapChanges), or nothing.
 */

/** A data tile's members as anyone may see them, at one moment. */
export interface TileSnapshot {
  tile: string;
  /** More members than the cap: only the nearest were found; its viewers are served by their own query. */
  dense: boolean;
  rows: Map<string, TileRow>;
  /** Established shown members per privacy cell, nobody left out. */
  established: Map<string, number>;
  /** Crowd-only members by crowd cell. */
  crowdOnly: Map<string, TileRow[]>;
  /** The privacy cells that hold a crowd-only member. */
  crowdOnlyCells: Set<string>;
}

export function snapshotOf(tile: string, rows: readonly TileRow[], dense: boolean): TileSnapshot {
  const byId = new Map<string, TileRow>();
  const crowdOnly = new Map<string, TileRow[]>();
  const crowdOnlyCells = new Set<string>();
  for (const r of rows) {
    if (r.tile !== tile) continue;
    byId.set(r.id, r);
    if (r.crowdOnly) {
      crowdOnlyCells.add(r.cell);
      const list = crowdOnly.get(r.crowdCell);
      if (list) list.push(r);
      else crowdOnly.set(r.crowdCell, [r]);
    }
  }
  return {
    tile,
    dense,
    rows: byId,
    established: establishedPerCell(byId.values(), NOBODY),
    crowdOnly,
    crowdOnlyCells,
  };
}

const NOBODY: ReadonlySet<string> = new Set();

/** One tile's change between two snapshots, as anyone sees it. */
export interface TileChange {
  tile: string;
  before: TileSnapshot;
  after: TileSnapshot;
  /** Who may look different: moved, changed, came or went, or crowd-only in a cell whose count changed. */
  items: string[];
  /** Crowd counts that changed, nobody left out (0: the crowd is gone). */
  crowds: Map<string, number>;
}

const samePlace = (a: TileRow, b: TileRow) => a.latitude === b.latitude && a.longitude === b.longitude;
const sameRow = (a: TileRow, b: TileRow) =>
  samePlace(a, b) && a.sig === b.sig && a.crowdOnly === b.crowdOnly && a.established === b.established;

export function tileChange(before: TileSnapshot, after: TileSnapshot): TileChange {
  const items = new Set<string>();
  for (const [id, b] of before.rows) {
    const a = after.rows.get(id);
    if (!a || !sameRow(a, b)) items.add(id);
  }
  for (const id of after.rows.keys()) if (!before.rows.has(id)) items.add(id);
  // A crowd-only member who stayed put may come out of his crowd (or go into it) when his cell's count changes.
  const cells = new Set<string>();
  for (const [cell, n] of before.established) if (after.established.get(cell) !== n) cells.add(cell);
  for (const cell of after.established.keys()) if (!before.established.has(cell)) cells.add(cell);
  if (cells.size > 0)
    for (const snap of [before, after])
      for (const list of snap.crowdOnly.values()) for (const r of list) if (cells.has(r.cell)) items.add(r.id);
  const crowds = new Map<string, number>();
  const countsBefore = crowdCounts(before, NOBODY, before.established);
  const countsAfter = crowdCounts(after, NOBODY, after.established);
  for (const [cell, n] of countsAfter) if (countsBefore.get(cell) !== n) crowds.set(cell, n);
  for (const cell of countsBefore.keys()) if (!countsAfter.has(cell)) crowds.set(cell, 0);
  return { tile: after.tile, before, after, items: [...items], crowds };
}

function crowdCounts(
  snap: TileSnapshot,
  excluded: ReadonlySet<string>,
  established: ReadonlyMap<string, number>,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [cell, list] of snap.crowdOnly) {
    let n = 0;
    for (const r of list) if (!excluded.has(r.id) && !showsAlone(r, established)) n += 1;
    if (n > 0) counts.set(cell, n);
  }
  return counts;
}

/** What the node keeps of a viewer between flushes: who is left out for him, where he is. */
export interface ViewerState {
  /** Himself and those in a block with him. */
  excluded: ReadonlySet<string>;
  position: LatLon | null;
}

/** Where each member of the changed tiles of one level was and is (for moves from one tile to another). */
export type LevelIndex = Map<string, { before?: TileRow; after?: TileRow }>;

export function levelIndex(changes: Iterable<TileChange>): LevelIndex {
  const index: LevelIndex = new Map();
  for (const change of changes)
    for (const id of change.items) {
      const entry = index.get(id) ?? {};
      const b = change.before.rows.get(id);
      const a = change.after.rows.get(id);
      if (b) entry.before = b;
      if (a) entry.after = a;
      index.set(id, entry);
    }
  return index;
}

type Status = "marker" | "crowd" | null;

/**
 * What a viewer is to be sent, before his own numbers: members to send whole (in `tile`), members
 * he has who only moved, ids gone, crowds. The same for every viewer of the same tiles for whom
 * nobody there is left out and who did not move (worked out once per flush for them all).
 */
export interface ChangePlan {
  members: TileRow[];
  moved: TileRow[];
  removed: string[];
  crowds: Array<{ tile: string; crowd: MapCrowd }>;
  crowdsRemoved: string[];
  /** Every member the plan names (to find quickly whether anyone left out for a viewer is among them). */
  ids?: Set<string>;
  /** What every viewer of the plan is sent but whole markers, once made (for those with nobody left out). */
  rendered?: MapChanges;
}

/**
 * What one viewer is sent for the changed tiles he looks at (`changes`: his tiles among those that
 * changed, by tile), or null when nothing he may see changed. `before` and `after`: who was left
 * out for him and where he was, at his last push and now. `shared`: plans already worked out this
 * flush for anyone's view, by his tiles (so the viewers of the same tiles share one).
 *
 * Anyone's view is the same for every viewer for whom nobody in these tiles is left out and who did
 * not move: that path only reads what was worked out once per tile. Otherwise (he is there himself,
 * someone there is in a block with him, his blocks or position changed) his view is worked out
 * whole for these tiles, before and after.
 */
export function changesFor(
  viewer: MapViewer,
  tiles: ReadonlySet<string>,
  changes: ReadonlyMap<string, TileChange>,
  index: LevelIndex,
  before: ViewerState,
  after: ViewerState,
  shared?: Map<string, ChangePlan>,
): ViewerChanges | null {
  const viewerMoved =
    before.position?.latitude !== after.position?.latitude || before.position?.longitude !== after.position?.longitude;
  let plan: ChangePlan;
  let group: string | null = null;
  if (viewerMoved || personal(changes, before, after)) plan = planOf(tiles, changes, index, before, after, viewerMoved);
  else {
    group = [...tiles].sort().join(",");
    plan = shared?.get(group) ?? planOf(tiles, changes, index, null, null, false);
    shared?.set(group, plan);
  }
  // Himself and those in a block with him are in anyone's plan: never in what he is sent (his own
  // plan left them out already, and takes away those a new block hides).
  const excluded = group !== null ? after.excluded : NOBODY;
  plan.ids ??= new Set([...plan.members.map((r) => r.id), ...plan.moved.map((r) => r.id), ...plan.removed]);
  const touched = [...excluded].some((id) => plan.ids!.has(id));
  const mine = <T>(list: T[], id: (item: T) => string) => {
    if (!touched) return list;
    const kept = list.filter((item) => !excluded.has(id(item)));
    if (kept.length !== list.length) group = null;
    return kept;
  };
  const members = mine(plan.members, (r) => r.id);
  const moved = mine(plan.moved, (r) => r.id);
  const removed = mine(plan.removed, (id) => id);
  // Whole markers carry his own distance and score.
  const own = members.map((r) => ({ tile: r.tile, member: memberFor(r, viewer) }));
  const restEmpty = moved.length + removed.length + plan.crowds.length + plan.crowdsRemoved.length === 0;
  if (own.length === 0 && restEmpty) return null;
  const rest = () => ({
    moved: moved.map(moveOf),
    removed,
    crowds: plan.crowds,
    crowdsRemoved: plan.crowdsRemoved,
  });
  if (group === null) return { common: { members: own, ...rest() }, group: null, own: null };
  if (!restEmpty) plan.rendered ??= { members: [], ...rest() };
  return {
    common: restEmpty ? null : plan.rendered!,
    group,
    own: own.length > 0 ? { members: own, moved: [], removed: [], crowds: [], crowdsRemoved: [] } : null,
  };
}

/**
 * What one viewer is sent. `common`: the same for every viewer of `group` this flush (his tiles),
 * so one encoding may go to them all; with `group` null, his alone. `own`: whole markers, with his
 * own distances and scores, his alone.
 */
export interface ViewerChanges {
  common: MapChanges | null;
  group: string | null;
  own: MapChanges | null;
}

/** The plan for anyone's view (`before` and `after` null) or for one viewer's own (see changesFor). */
function planOf(
  tiles: ReadonlySet<string>,
  changes: ReadonlyMap<string, TileChange>,
  index: LevelIndex,
  before: ViewerState | null,
  after: ViewerState | null,
  viewerMoved: boolean,
): ChangePlan {
  const plan: ChangePlan = { members: [], moved: [], removed: [], crowds: [], crowdsRemoved: [] };
  const whole = before !== null && after !== null;
  const establishedFor = new Map<TileSnapshot, ReadonlyMap<string, number>>();
  const statusIn = (snap: TileSnapshot | undefined, row: TileRow | undefined, state: ViewerState | null): Status => {
    if (!snap || !row) return null;
    let established = snap.established as ReadonlyMap<string, number>;
    if (state) {
      if (state.excluded.has(row.id)) return null;
      established = establishedFor.get(snap) ?? establishedPerCell(snap.rows.values(), state.excluded);
      establishedFor.set(snap, established);
    }
    return showsAlone(row, established) ? "marker" : "crowd";
  };
  const snapOf = (row: TileRow | undefined, when: "before" | "after") =>
    row ? changes.get(row.tile)?.[when] : undefined;

  const decide = (b: TileRow | undefined, a: TileRow | undefined) => {
    const bs = statusIn(snapOf(b, "before"), b, before);
    const as = statusIn(snapOf(a, "after"), a, after);
    if (as === "marker") {
      if (bs === "marker" && b!.sig === a!.sig) {
        // Where he is, or (the viewer moved) how far he is, changed.
        if (!samePlace(a!, b!) || viewerMoved) plan.moved.push(a!);
      } else plan.members.push(a!);
    } else if (bs === "marker") plan.removed.push(b!.id);
  };

  if (!whole) {
    for (const change of changes.values()) {
      for (const id of change.items) {
        const entry = index.get(id)!;
        const b = entry.before && tiles.has(entry.before.tile) ? entry.before : undefined;
        const a = entry.after && tiles.has(entry.after.tile) ? entry.after : undefined;
        // Once per member: where he is now if that is one of the viewer's tiles, else where he was.
        if ((a ?? b)?.tile !== change.tile) continue;
        decide(b, a);
      }
      for (const [cell, count] of change.crowds) {
        if (count > 0) plan.crowds.push({ tile: change.tile, crowd: crowdAt(cell, count) });
        else plan.crowdsRemoved.push(cell);
      }
    }
    return plan;
  }
  const was = new Map<string, TileRow>();
  const is = new Map<string, TileRow>();
  for (const change of changes.values()) {
    for (const [id, r] of change.before.rows) was.set(id, r);
    for (const [id, r] of change.after.rows) is.set(id, r);
    const countsBefore = crowdCounts(
      change.before,
      before.excluded,
      establishedPerCell(change.before.rows.values(), before.excluded),
    );
    const countsAfter = crowdCounts(
      change.after,
      after.excluded,
      establishedPerCell(change.after.rows.values(), after.excluded),
    );
    for (const [cell, n] of countsAfter)
      if (countsBefore.get(cell) !== n) plan.crowds.push({ tile: change.tile, crowd: crowdAt(cell, n) });
    for (const cell of countsBefore.keys()) if (!countsAfter.has(cell)) plan.crowdsRemoved.push(cell);
  }
  for (const id of new Set([...was.keys(), ...is.keys()])) decide(was.get(id), is.get(id));
  return plan;
}

/**
 * Does this viewer need his own view of these tiles (see changesFor)? When his blocks changed, or
 * someone left out for him (himself, one in a block with him) counts in a crowd there: a crowd-only
 * member, or an established one whose cell holds a crowd-only member. Anyone else left out is only
 * taken out of what he is sent.
 */
function personal(changes: ReadonlyMap<string, TileChange>, before: ViewerState, after: ViewerState): boolean {
  if (before.excluded.size !== after.excluded.size) return true;
  for (const id of before.excluded) if (!after.excluded.has(id)) return true;
  for (const change of changes.values())
    for (const snap of [change.before, change.after])
      for (const id of after.excluded) {
        const r = snap.rows.get(id);
        if (r && (r.crowdOnly || (r.established && snap.crowdOnlyCells.has(r.cell)))) return true;
      }
  return false;
}

function moveOf(row: TileRow): MapMove {
  return [row.id, row.tile, row.latitude, row.longitude];
}
