import { inArray } from "drizzle-orm";
import { MAP_TILE_LEVEL_MAX, MAP_TILE_LEVEL_MIN, MAP_UPDATE_INTERVAL_MS, tileKey, tileOf, type MapArea } from "@vicinity/contract";
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
  intervalMs?: number;
}

/** Every data tile (of every level) that holds a point: a change there is news for each. */
export function tilesAround(point: LatLon): string[] {
  const keys: string[] = [];
  for (let level = MAP_TILE_LEVEL_MIN; level <= MAP_TILE_LEVEL_MAX; level++) keys.push(tileKey(tileOf(point.latitude, point.longitude, level)));
  return keys;
}

/**
 * Live map updates (issue 10, item 2), batched: a change (a member moved, came online, went
 * offline, changed how he appears) marks the tiles that hold his snapped position, before and
 * after. Every MAP_UPDATE_INTERVAL_MS the node tells the other nodes which tiles changed, and each
 * node sends each of its own sockets that look at one of them that tile's whole new content, as
 * its viewer may see it (blocks, private mode and crowds applied by the same query as the HTTP
 * answer). Nothing is broadcast to everyone, and no event is sent per member per move.
 */
export class MapChanges {
  private pendingMembers = new Set<string>();
  private pendingTiles = new Set<string>();
  private readonly subscribers = new Set<MapSubscriber>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;
  /** Tells the other nodes which tiles changed (set by the socket server: io.serverSideEmit through the Redis adapter). */
  broadcast: (tiles: string[]) => void = () => undefined;

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
    return () => this.subscribers.delete(subscriber);
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
    this.broadcast([...tiles]);
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
            if (!this.closed && this.subscribers.has(subscriber)) subscriber.send(area);
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
