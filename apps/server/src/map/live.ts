import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import {
  MAP_TILE_LEVEL_MAX,
  MAP_TILE_LEVEL_MIN,
  MAP_UPDATE_INTERVAL_MS,
  tileKey,
  tileOf,
  type MapArea,
  type MapTileContent,
} from "@vicinity/contract";
import type { Db } from "../db/database";
import { locations } from "../db/schema";
import type { LatLon } from "../location/privacy-grid";

/** One subscriber: a socket on this node, and how to compute what its viewer sees. */
export interface MapSubscriber {
  tiles: ReadonlySet<string>;
  /** The tiles' new content for this viewer (mapArea with the socket's viewer). */
  load(tiles: string[]): Promise<MapArea>;
  send(area: MapArea): void;
}

export interface MapChangesOptions {
  db: Db;
  onError(error: unknown): void;
  /** Tells the other nodes which tiles changed (through the socket server's Redis adapter). */
  broadcast(tiles: string[]): void;
  intervalMs?: number;
}

/** Every data tile (of every level) that holds a point: a change there is news for each. */
export function tilesAround(point: LatLon): string[] {
  const keys: string[] = [];
  for (let level = MAP_TILE_LEVEL_MIN; level <= MAP_TILE_LEVEL_MAX; level++)
    keys.push(tileKey(tileOf(point.latitude, point.longitude, level)));
  return keys;
}

/**
 * Live map updates (docs/decisions/0021), batched: a change (a member moved, came online, went
 * offline, changed how he appears) marks the tiles that hold his snapped position, before and
 * after. Every MAP_UPDATE_INTERVAL_MS the node tells the other nodes which tiles changed, and each
 * node sends each of its own sockets that look at one of them that tile's whole new content, as
 * its viewer may see it (blocks, private mode and crowds applied by the same query as the HTTP
 * answer). Nothing is broadcast to everyone, and no event is sent per member per move.
 *
 * A change that changes nothing a viewer may see sends that viewer nothing: each
 * subscriber's tiles are remembered as it has them (`baseline` when it subscribes, then every
 * push), and only tiles whose content differs are sent. Otherwise an empty push for exactly his
 * tile, seconds after a hidden member moved or came online, told a watcher where he was.
 */
export class MapChanges {
  private pendingMembers = new Set<string>();
  private pendingTiles = new Set<string>();
  private readonly subscribers = new Set<MapSubscriber>();
  /** What each subscriber has of each of its tiles: a digest of the content it was last given. */
  private readonly seen = new WeakMap<MapSubscriber, Map<string, string>>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  constructor(private readonly options: MapChangesOptions) {}

  /** Something about this member changed; `before`: his snapped position before it (he moved or left the map). */
  memberChanged(userId: string, before?: LatLon | null): void {
    if (this.closed) return;
    this.pendingMembers.add(userId);
    if (before) for (const t of tilesAround(before)) this.pendingTiles.add(t);
    this.schedule();
  }

  /** Tiles another node reported changed: told to this node's subscribers at once. */
  tilesChangedElsewhere(tiles: readonly string[]): void {
    if (this.closed) return;
    void this.deliver(new Set(tiles));
  }

  subscribe(subscriber: MapSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
      this.seen.delete(subscriber);
    };
  }

  /**
   * Records what a subscriber has of its tiles now (the client fetched them as it subscribed), and
   * forgets the tiles it left: later pushes carry only what differs from it.
   */
  async baseline(subscriber: MapSubscriber, tiles: readonly string[]): Promise<void> {
    const seen = this.seen.get(subscriber) ?? new Map<string, string>();
    this.seen.set(subscriber, seen);
    for (const tile of [...seen.keys()]) if (!subscriber.tiles.has(tile)) seen.delete(tile);
    const fresh = tiles.filter((t) => !seen.has(t));
    if (fresh.length === 0) return;
    const area = await subscriber.load(fresh);
    for (const t of area.tiles) if (subscriber.tiles.has(t.tile)) seen.set(t.tile, digest(t));
  }

  /** The tiles of `area` whose content differs from what the subscriber has (and remembers them), or null. */
  private news(subscriber: MapSubscriber, area: MapArea): MapArea | null {
    const seen = this.seen.get(subscriber) ?? new Map<string, string>();
    this.seen.set(subscriber, seen);
    const tiles = area.tiles.filter((t) => {
      const d = digest(t);
      if (seen.get(t.tile) === d) return false;
      seen.set(t.tile, d);
      return true;
    });
    return tiles.length === 0 ? null : { ...area, tiles };
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  private schedule() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // One flush at a time: a slow one delays the next instead of overlapping it.
      this.running = this.running.then(() => this.flush()).catch((e: unknown) => this.options.onError(e));
    }, this.options.intervalMs ?? MAP_UPDATE_INTERVAL_MS);
    this.timer.unref();
  }

  /** Sends what is pending now (tests call it instead of waiting). */
  async flush(): Promise<void> {
    const members = [...this.pendingMembers];
    const tiles = new Set(this.pendingTiles);
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
    await this.deliver(tiles);
  }

  private async deliver(changed: ReadonlySet<string>): Promise<void> {
    const work: Promise<void>[] = [];
    for (const subscriber of this.subscribers) {
      const mine = [...subscriber.tiles].filter((t) => changed.has(t));
      if (mine.length === 0) continue;
      work.push(
        subscriber
          .load(mine)
          .then((area) => {
            if (this.closed || !this.subscribers.has(subscriber)) return;
            const news = this.news(subscriber, area);
            if (news) subscriber.send(news);
          })
          .catch((e: unknown) => this.options.onError(e)),
      );
    }
    await Promise.all(work);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running.catch(() => undefined);
  }
}

/** A tile's content as a short digest (a city tile may hold thousands of members). */
function digest(tile: MapTileContent): string {
  return createHash("sha1").update(JSON.stringify(tile)).digest("base64");
}
