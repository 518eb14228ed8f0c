import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { inArray } from "drizzle-orm";
import {
  MAP_MEMBER_CAP,
  MAP_TILE_LEVEL_MAX,
  MAP_TILE_LEVEL_MIN,
  MAP_UPDATE_INTERVAL_MS,
  mapMemberCap,
  tileKey,
  tileOf,
  type MapArea,
  type MapChanges as MapChangesPayload,
  type MapTileContent,
} from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations } from "../db/schema";
import type { LatLon } from "../location/privacy-grid";
import { blockedPeersOfMany } from "../policy/blocks";
import type { MatchProfile } from "../users/compatibility";
import { areaRows } from "./area";
import {
  changesFor,
  levelIndex,
  type ChangePlan,
  snapshotOf,
  tileChange,
  type LevelIndex,
  type TileChange,
  type TileSnapshot,
  type ViewerState,
} from "./fan-out";
import { viewTiles } from "./view";

/** One subscriber: a socket on this node, whose viewer sees the map by his own rules. */
export interface MapSubscriber {
  /** Its socket's id (viewers sent the same changes get one message: MapChangesOptions.sendChangesTo). */
  socketId: string;
  tiles: ReadonlySet<string>;
  /**
   * He looks with member filters (the grid's): like a viewer over his cap, he is sent his changed tiles whole, by his
   * own query (`load`, which applies them), and only those whose content differs from what he has.
   */
  readonly filtered?: boolean;
  /** Who looks: whose blocks hide members (the member, or a guest's device's member), limited or not, his profile. */
  viewer(): { viewerId: string | null; limited: boolean; profile: MatchProfile | null };
  /** The tiles' whole content for this viewer, by his own query (a viewer whose tiles hold more than his cap). */
  load(tiles: string[]): Promise<MapArea>;
  sendTiles(area: MapArea): void;
  sendChanges(changes: MapChangesPayload): void;
}

export interface MapChangesOptions {
  db: Db;
  /**
   * Where the tiles' members are read (db/replicas.ts): a replica that has every change noticed up
   * to `since`, or the primary. Without it, `db`. Viewers' blocks and positions are always read on `db`.
   */
  read?<T>(since: number, work: (db: Db) => Promise<T>): Promise<T>;
  onError(error: unknown): void;
  /** Tells the other nodes which tiles changed (through the socket server's Redis adapter). */
  broadcast(tiles: string[]): void;
  /** The same changes to several of this node's sockets, encoded once (socket.io's local broadcast). */
  sendChangesTo(socketIds: string[], changes: MapChangesPayload): void;
  /** After each delivery of changed tiles: its database statements, viewers sent something, and time. */
  onDelivered?(stats: DeliveryStats): void;
  intervalMs?: number;
}

/** What a delivery counts as it goes. */
type Counted = Pick<DeliveryStats, "statements" | "pushes">;

export interface DeliveryStats {
  /** Statements of this delivery: where the changed members are (one), the changed tiles' (one each), the viewers' (two), each over-cap viewer's own (two). */
  statements: number;
  /** Viewers sent something. */
  pushes: number;
  seconds: number;
}

/** Every data tile (of every level) that holds a point: a change there is news for each. */
export function tilesAround(point: LatLon): string[] {
  const keys: string[] = [];
  for (let level = MAP_TILE_LEVEL_MIN; level <= MAP_TILE_LEVEL_MAX; level++)
    keys.push(tileKey(tileOf(point.latitude, point.longitude, level)));
  return keys;
}

/** What the node keeps of each subscriber between pushes. */
interface Kept {
  /** The tiles counted in `watchers` for him. */
  tiles: Set<string>;
  /** Who was left out for him and where he was, at his last push. */
  state: ViewerState;
  /** His tiles hold more than his cap, or he filters: he is sent whole tiles by his own query, and `seen` says what he has. */
  whole: boolean;
  /** Whole mode: a digest of each tile's content as he was last given it. */
  seen: Map<string, string>;
}

/**
 * Live map updates (docs/decisions/0021 and 0038), batched: a change (a member moved, came online,
 * went offline, changed how he appears) marks the tiles that hold his snapped position, before and
 * after. Every MAP_UPDATE_INTERVAL_MS the node tells the other nodes which tiles changed, and each
 * node, for each changed tile one of its sockets looks at, finds the tile's members once (as anyone
 * may see them), works out once what changed in it, and sends each of its viewers what changed as
 * he may see it (fan-out.ts: his blocks either way, himself, his distances and scores applied in
 * memory). Database statements per flush follow the changed tiles (one each, plus one for the
 * viewers' blocks and one for their positions), not the viewers.
 *
 * A change that changes nothing a viewer may see sends that viewer nothing: otherwise an empty
 * push for exactly his tile, seconds after a hidden member moved or came online, told a watcher
 * where he was.
 *
 * A viewer whose tiles hold more members than his cap (mapMemberCap) got the nearest of them only;
 * changes against anyone's view would not match what he has, so he is sent his changed tiles whole,
 * by his own query, and only those whose content differs from what he was last given.
 */
export class MapChanges {
  private pendingMembers = new Set<string>();
  private pendingTiles = new Set<string>();
  /** When the latest change was noticed here (its write had committed): the tiles read must have it. */
  private changedAt = 0;
  private readonly subscribers = new Set<MapSubscriber>();
  private readonly kept = new WeakMap<MapSubscriber, Kept>();
  /** Each tile some subscriber of this node looks at: its members as last found. */
  private readonly snapshots = new Map<string, TileSnapshot>();
  /** How many subscribers look at each tile. */
  private readonly watchers = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  /** Flushes, deliveries and subscriptions, one at a time: each reads and replaces the snapshots. */
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  /** A viewer's cap (tests lower it to reach the whole-tiles path without thousands of members). */
  memberCap: (limited: boolean) => number = mapMemberCap;
  constructor(private readonly options: MapChangesOptions) {}

  /** Something about this member changed; `before`: his snapped position before it (he moved or left the map). */
  memberChanged(userId: string, before?: LatLon | null): void {
    if (this.closed) return;
    this.pendingMembers.add(userId);
    this.changedAt = Date.now();
    if (before) for (const t of tilesAround(before)) this.pendingTiles.add(t);
    this.schedule();
  }

  /** Tiles another node reported changed: told to this node's subscribers at once. */
  tilesChangedElsewhere(tiles: readonly string[]): void {
    if (this.closed) return;
    this.changedAt = Date.now();
    const since = this.changedAt;
    void this.serially(() => this.deliver(new Set(tiles), since));
  }

  subscribe(subscriber: MapSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
      const kept = this.kept.get(subscriber);
      this.kept.delete(subscriber);
      if (kept) this.unwatch(kept.tiles);
    };
  }

  /**
   * Takes a subscriber's tiles as they are now (the client fetches them once this is done): their
   * members are found for the tiles no subscriber of this node looked at yet, and later pushes
   * carry only what changes from here.
   */
  baseline(subscriber: MapSubscriber): Promise<void> {
    return this.serially(async () => {
      if (!this.subscribers.has(subscriber)) return;
      const kept = this.kept.get(subscriber);
      const tiles = new Set(subscriber.tiles);
      this.watch(tiles);
      if (kept) this.unwatch(kept.tiles);
      const missing = [...tiles].filter((t) => !this.snapshots.has(t));
      for (const [tile, snap] of await this.load(missing, this.changedAt)) this.snapshots.set(tile, snap);
      const viewer = subscriber.viewer();
      const [state] = await this.viewerStates([viewer.viewerId]);
      const next: Kept = {
        tiles,
        state: state!,
        whole: subscriber.filtered === true || this.overCap(tiles, viewer.limited),
        seen: new Map(),
      };
      this.kept.set(subscriber, next);
      if (next.whole) {
        const area = await subscriber.load([...tiles]);
        for (const t of area.tiles) next.seen.set(t.tile, digest(t));
      }
    });
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private watch(tiles: Iterable<string>) {
    for (const t of tiles) this.watchers.set(t, (this.watchers.get(t) ?? 0) + 1);
  }

  private unwatch(tiles: Iterable<string>) {
    for (const t of tiles) {
      const n = (this.watchers.get(t) ?? 0) - 1;
      if (n > 0) this.watchers.set(t, n);
      else {
        this.watchers.delete(t);
        this.snapshots.delete(t);
      }
    }
  }

  private serially(work: () => Promise<void>): Promise<void> {
    const next = this.running.then(work);
    this.running = next.catch((e: unknown) => this.options.onError(e));
    return next;
  }

  private overCap(tiles: Iterable<string>, limited: boolean): boolean {
    let total = 0;
    for (const t of tiles) {
      const snap = this.snapshots.get(t);
      if (!snap || snap.dense) return true;
      total += snap.rows.size;
    }
    return total > this.memberCap(limited);
  }

  /** Each tile's members as anyone may see them, with every change noticed up to `since`: one query a tile. */
  private async load(tiles: readonly string[], since: number): Promise<Map<string, TileSnapshot>> {
    const read = this.options.read ?? (<T>(_since: number, work: (db: Db) => Promise<T>) => work(this.options.db));
    const found = await Promise.all(
      tiles.map(async (tile) => {
        const { rows, truncated } = await read(since, (db) => areaRows(db, null, [tile], MAP_MEMBER_CAP));
        return [tile, snapshotOf(tile, rows, truncated)] as const;
      }),
    );
    return new Map(found);
  }

  /** Who is left out for each viewer (himself, those in a block with him) and where each is: two queries for all. */
  private async viewerStates(viewerIds: ReadonlyArray<string | null>): Promise<ViewerState[]> {
    const ids = [...new Set(viewerIds.filter((v): v is string => v !== null))];
    if (ids.length === 0) return viewerIds.map(() => ({ excluded: new Set(), position: null }));
    const [peers, positions] = await Promise.all([
      blockedPeersOfMany(this.options.db, ids),
      this.options.db
        .select({ userId: locations.userId, latitude: locations.latitude, longitude: locations.longitude })
        .from(locations)
        .where(inArray(locations.userId, ids)),
    ]);
    const where = new Map(positions.map((p) => [p.userId, { latitude: p.latitude, longitude: p.longitude }]));
    return viewerIds.map((id) =>
      id === null
        ? { excluded: new Set<string>(), position: null }
        : { excluded: new Set([id, ...(peers.get(id) ?? [])]), position: where.get(id) ?? null },
    );
  }

  private schedule() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // One flush at a time: a slow one delays the next instead of overlapping it.
      void this.serially(() => this.flush());
    }, this.options.intervalMs ?? MAP_UPDATE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Sends what is pending now (tests call it instead of waiting). */
  async flush(): Promise<void> {
    const members = [...this.pendingMembers];
    const tiles = new Set(this.pendingTiles);
    const since = this.changedAt;
    this.pendingMembers.clear();
    this.pendingTiles.clear();
    if (members.length > 0) {
      const rows = await this.options.db
        .select({ lat: locations.snappedLatitude, lon: locations.snappedLongitude })
        .from(locations)
        .where(inArray(locations.userId, members));
      for (const r of rows) for (const t of tilesAround({ latitude: r.lat, longitude: r.lon })) tiles.add(t);
    }
    if (tiles.size === 0 || this.closed) return;
    this.options.broadcast([...tiles]);
    await this.deliver(tiles, since, members.length > 0 ? 1 : 0);
  }

  /** `statements`: those the flush made before (where the changed members are). */
  private async deliver(changed: ReadonlySet<string>, since: number, statements = 0): Promise<void> {
    const started = performance.now();
    const watched = [...changed].filter((t) => this.snapshots.has(t));
    if (watched.length === 0 || this.closed) return;
    const stats = { statements: statements + watched.length, pushes: 0 };
    try {
      await this.deliverWatched(watched, since, stats);
    } finally {
      this.options.onDelivered?.({ ...stats, seconds: (performance.now() - started) / 1000 });
    }
  }

  private async deliverWatched(watched: string[], since: number, stats: Counted): Promise<void> {
    const fresh = await this.load(watched, since);
    const changes = new Map<string, TileChange>();
    for (const [tile, after] of fresh) {
      const before = this.snapshots.get(tile);
      // Let go while loading: nobody looks at it any more.
      if (!before) continue;
      changes.set(tile, tileChange(before, after));
      this.snapshots.set(tile, after);
    }
    // Each subscriber's tiles as of his last baseline (a new subscription's tiles wait for theirs).
    const affected = [...this.subscribers].filter((s) => {
      const kept = this.kept.get(s);
      return kept !== undefined && [...kept.tiles].some((t) => changes.has(t));
    });
    if (affected.length === 0) return;
    const viewers = affected.map((s) => s.viewer());
    const states = await this.viewerStates(viewers.map((v) => v.viewerId));
    stats.statements += 2;
    const indexes = new Map<number, LevelIndex>();
    const indexOf = (level: number) => {
      let index = indexes.get(level);
      if (!index) {
        index = levelIndex([...changes.values()].filter((c) => c.tile.startsWith(`${level}/`)));
        indexes.set(level, index);
      }
      return index;
    };
    const work: Promise<void>[] = [];
    const shared = new Map<string, ChangePlan>();
    const groups = new Map<string, { changes: MapChangesPayload; socketIds: string[] }>();
    affected.forEach((subscriber, i) => {
      const kept = this.kept.get(subscriber);
      // Gone while the viewers were read.
      if (!kept) return;
      const viewer = { ...viewers[i]!, position: states[i]!.position };
      const mine = new Map([...kept.tiles].filter((t) => changes.has(t)).map((t) => [t, changes.get(t)!]));
      const whole = subscriber.filtered === true || this.overCap(kept.tiles, viewer.limited);
      if (whole) {
        if (!kept.whole) {
          // Over his cap from now on: what he has is his view of the tiles before this flush, so
          // only tiles whose content differs from it are sent (nothing for a change he may not see).
          const before = { ...viewer, position: kept.state.position };
          for (const t of kept.tiles) {
            const rows = (changes.get(t)?.before ?? this.snapshots.get(t)!).rows.values();
            kept.seen.set(t, digest(viewTiles([t], rows, before, kept.state.excluded)[0]!));
          }
        }
        kept.whole = true;
        kept.state = states[i]!;
        // His own query, and his position's for it.
        stats.statements += 2;
        work.push(
          this.sendWhole(subscriber, kept, [...mine.keys()]).then((sent) => void (stats.pushes += sent ? 1 : 0)),
        );
        return;
      }
      if (kept.whole) {
        // Back under his cap: everything he looks at, whole, as he may see it now.
        const rows = [...kept.tiles].flatMap((t) => [...this.snapshots.get(t)!.rows.values()]);
        const tiles = viewTiles([...kept.tiles], rows, viewer, states[i]!.excluded);
        subscriber.sendTiles({ tiles, truncated: false, limited: viewer.limited });
        stats.pushes += 1;
        kept.whole = false;
        kept.seen.clear();
      } else {
        const level = Number([...mine.keys()][0]!.split("/")[0]);
        const was = kept.state.position;
        const is = states[i]!.position;
        if (was?.latitude !== is?.latitude || was?.longitude !== is?.longitude) {
          // He moved: his distances to everyone in all his tiles changed, not only in the changed ones.
          for (const t of kept.tiles) if (!mine.has(t)) mine.set(t, unchanged(this.snapshots.get(t)!));
        }
        const news = changesFor(viewer, kept.tiles, mine, indexOf(level), kept.state, states[i]!, shared);
        if (news?.common && news.group) {
          const together = groups.get(news.group) ?? { changes: news.common, socketIds: [] };
          together.socketIds.push(subscriber.socketId);
          groups.set(news.group, together);
        } else if (news?.common) subscriber.sendChanges(news.common);
        if (news?.own) subscriber.sendChanges(news.own);
        if (news) stats.pushes += 1;
      }
      kept.state = states[i]!;
    });
    for (const { changes: same, socketIds } of groups.values()) this.options.sendChangesTo(socketIds, same);
    await Promise.all(work);
  }

  /** A viewer over his cap: his changed tiles by his own query, those that differ from what he has. */
  private async sendWhole(subscriber: MapSubscriber, kept: Kept, tiles: string[]): Promise<boolean> {
    try {
      const area = await subscriber.load(tiles);
      if (this.closed || !this.subscribers.has(subscriber)) return false;
      const news = area.tiles.filter((t) => {
        const d = digest(t);
        if (kept.seen.get(t.tile) === d) return false;
        kept.seen.set(t.tile, d);
        return true;
      });
      if (news.length > 0) subscriber.sendTiles({ ...area, tiles: news });
      return news.length > 0;
    } catch (e) {
      this.options.onError(e);
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }
}

/** A tile that did not change, for a viewer whose own view of it did. */
function unchanged(snap: TileSnapshot): TileChange {
  return { tile: snap.tile, before: snap, after: snap, items: [], crowds: new Map() };
}

/** A tile's content as a short digest (a city tile may hold thousands of members), whatever the order of its lists. */
function digest(tile: MapTileContent): string {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const members = [...tile.members].sort(byId);
  const crowds = [...tile.crowds].sort(byId);
  return createHash("sha1")
    .update(JSON.stringify({ tile: tile.tile, members, crowds }))
    .digest("base64");
}
