/**
 * The delivery protocol of messages (decisions.md 5), shared by the web app and the server's
 * tests: the client's outbox (send with acknowledgement, retry until stored, same tempId) and its
 * synced log (one of each message, caught up after every reconnection). Plain TypeScript, no DOM.
 */
import type { Message, SendMessage } from "./messages";
import type { Ack } from "./realtime";

/** Spec section 4: what is logged when a message is sent while the socket is down. */
export const NOT_CONNECTED_WARNING = "Socket not connected, message not sent";
/** How long a send waits for the server's acknowledgement before it counts as lost and is retried. */
export const ACK_TIMEOUT_MS = 8_000;
/** The first wait before a message is tried again; each further try of it waits twice as long... */
export const RETRY_DELAY_MS = 1_000;
/** ...up to this. */
export const MAX_RETRY_DELAY_MS = 30_000;
/**
 * How often one message is tried while connected (no acknowledgement in time, or a fault on the
 * server's side) before it is shown as failed, so that the messages after it in its conversation
 * go on. Answers "too fast" (the rate limit) and sends cut short by a lost connection only wait.
 */
export const MAX_SEND_ATTEMPTS = 5;
/** The reason shown on a message the outbox gave up on (decisions.md 5: Retry and Delete). */
export const NOT_SENT_REASON = "Not sent. Tap Retry to try again.";

/** The wait before the n-th try again: `base`, then twice as long at each try, at most `max`. */
function doublingDelay(tries: number, base = RETRY_DELAY_MS, max = MAX_RETRY_DELAY_MS): number {
  return Math.min(base * 2 ** (tries - 1), max);
}

/** The server's rate limit ("You are sending messages too fast..."): wait, the message is fine. */
export function isRateLimited(ack: Ack<unknown>): boolean {
  return !ack.ok && ack.retry === true && (ack.rateLimited === true || /\btoo fast\b/i.test(ack.message));
}

/** A message the member wrote that the server has not acknowledged yet (decisions.md 5). */
export interface OutboxEntry extends SendMessage {
  createdAt: string;
  /** Set when it failed for good (refused: blocked, too long...; or tried too often): shown as failed, retried by hand. */
  failed?: string;
}

export interface OutboxStorage {
  load(): OutboxEntry[];
  save(entries: readonly OutboxEntry[]): void;
}

/** What the outbox needs of the socket. */
export interface MessageTransport {
  readonly connected: boolean;
  send(payload: SendMessage, timeoutMs: number): Promise<Ack<Message>>;
  /** Calls back at every (re)connection; answers an unsubscribe. */
  onConnect(listener: () => void): () => void;
}

/** What the outbox uses of a socket.io client socket (typed by the contract's events). */
export interface AckSocket {
  readonly connected: boolean;
  timeout(ms: number): { emitWithAck(event: "sendMessage", payload: SendMessage): Promise<Ack<Message>> };
  on(event: "connect", listener: () => void): unknown;
  off(event: "connect", listener: () => void): unknown;
}

/** The outbox's transport over a socket: send with an acknowledgement that times out. */
export function socketTransport(socket: AckSocket): MessageTransport {
  return {
    get connected() {
      return socket.connected;
    },
    send: (payload, timeoutMs) => socket.timeout(timeoutMs).emitWithAck("sendMessage", payload),
    onConnect(listener) {
      socket.on("connect", listener);
      return () => void socket.off("connect", listener);
    },
  };
}

export interface OutboxOptions {
  transport: MessageTransport;
  storage?: OutboxStorage;
  /** The server stored it: the message as stored (the same one however often it was sent). */
  onStored?: (message: Message, entry: OutboxEntry) => void;
  onChange?: (entries: readonly OutboxEntry[]) => void;
  warn?: (message: string) => void;
  ackTimeoutMs?: number;
  /** The first wait before a message is tried again (doubled at each further try). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Tries (timed out, or a fault on the server) before a message is shown as failed. */
  maxAttempts?: number;
}

export function memoryOutboxStorage(initial: OutboxEntry[] = []): OutboxStorage {
  let entries = [...initial];
  return { load: () => [...entries], save: (next) => void (entries = [...next]) };
}

/** One conversation's queue: at most one send in flight, or a wait before its first message is tried again. */
interface Lane {
  /** A run is sending its messages (set before it starts, cleared in its last step). */
  busy: boolean;
  run: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** What became of one try: go on with the conversation's next message, or stop (waiting, or offline). */
type Outcome = "next" | "stop";

/**
 * Sends messages with an acknowledgement, and tries again until the server acknowledges them
 * (decisions.md 5). The server de-duplicates by (sender, tempId), so a send that was stored but
 * whose acknowledgement was lost is answered with the stored message when tried again: stored and
 * delivered exactly once.
 *
 * No message holds back another: each conversation is a queue of its own, sent in the order
 * written, and conversations do not wait on each other. A message refused for good fails at once
 * with the server's reason; one whose sends keep timing out or meeting a fault on the server is
 * tried again after 1 s, 2 s, 4 s... and fails after `maxAttempts` tries; either way the next
 * message of its conversation goes on, and Retry sends the same tempId again.
 */
export class MessageOutbox {
  private entries: OutboxEntry[];
  private readonly lanes = new Map<string, Lane>();
  /** Tries of each message since it was written (or retried by hand): all of them, and those that count toward failing. */
  private readonly tries = new Map<string, { all: number; counted: number }>();
  private readonly unsubscribe: () => void;
  private readonly storage: OutboxStorage;
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    this.storage = options.storage ?? memoryOutboxStorage();
    this.entries = this.storage.load();
    // What a reload left in the outbox is shown at once, and sent at once if the socket is already up.
    options.onChange?.(this.entries);
    if (this.entries.length > 0) queueMicrotask(() => void this.flush());
    this.unsubscribe = options.transport.onConnect(() => {
      // A new connection: the waits were for the old one, everything goes now.
      for (const [conversationId, lane] of this.lanes) {
        this.stopWaiting(lane);
        if (!lane.busy) this.lanes.delete(conversationId);
      }
      void this.flush();
    });
  }

  get pending(): readonly OutboxEntry[] {
    return this.entries;
  }

  /** Adds a message and sends it now if connected; otherwise it waits (and the spec's warning is logged). */
  send(message: SendMessage): OutboxEntry {
    const entry: OutboxEntry = { ...message, createdAt: new Date().toISOString() };
    this.entries = [...this.entries, entry];
    this.persist();
    if (!this.options.transport.connected) (this.options.warn ?? console.warn)(NOT_CONNECTED_WARNING);
    void this.flush();
    return entry;
  }

  /** Tries a failed message again (the member pressed Retry): same tempId, so it is never stored twice. */
  retry(tempId: string): void {
    this.tries.delete(tempId);
    this.entries = this.entries.map((e) => (e.tempId === tempId ? { ...e, failed: undefined } : e));
    this.persist();
    void this.flush();
  }

  /** Drops a failed message (the member gave up on it). */
  discard(tempId: string): void {
    this.tries.delete(tempId);
    this.entries = this.entries.filter((e) => e.tempId !== tempId);
    this.persist();
  }

  /**
   * One of the member's messages reached him another way (pushed, or caught up after a reconnection)
   * while its entry waited, or failed after an acknowledgement that never came: it was stored, so
   * it leaves the outbox.
   */
  settle(tempId: string): void {
    if (!this.entries.some((e) => e.tempId === tempId)) return;
    this.discard(tempId);
  }

  /** Sends what can go now: the first waiting message of every conversation that is not already busy. Resolves when they stop. */
  async flush(): Promise<void> {
    if (this.closed || !this.options.transport.connected) return;
    const runs: Promise<void>[] = [];
    for (const conversationId of new Set(this.entries.filter((e) => !e.failed).map((e) => e.conversationId))) {
      const lane = this.lanes.get(conversationId) ?? { busy: false, run: null, timer: null };
      this.lanes.set(conversationId, lane);
      if (!lane.busy && !lane.timer) {
        lane.busy = true;
        lane.run = this.drain(conversationId, lane);
      }
      if (lane.busy && lane.run) runs.push(lane.run);
    }
    await Promise.all(runs);
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    for (const lane of this.lanes.values()) this.stopWaiting(lane);
  }

  /** Sends one conversation's messages in order, one at a time, until it is empty, waiting, or offline. */
  private async drain(conversationId: string, lane: Lane): Promise<void> {
    try {
      for (;;) {
        if (this.closed || !this.options.transport.connected) return;
        const next = this.entries.find((e) => e.conversationId === conversationId && !e.failed);
        if (!next || (await this.attempt(next, lane)) === "stop") return;
      }
    } finally {
      // Cleared in the same step as the last look at the queue: a message added after it starts a new run.
      lane.busy = false;
      if (!lane.timer) this.lanes.delete(conversationId);
    }
  }

  private async attempt(entry: OutboxEntry, lane: Lane): Promise<Outcome> {
    const { createdAt: _createdAt, failed: _failed, ...payload } = entry;
    let ack: Ack<Message> | null;
    try {
      ack = await this.options.transport.send(payload, this.options.ackTimeoutMs ?? ACK_TIMEOUT_MS);
    } catch {
      // No acknowledgement in time, or the connection went: it may have been stored, same tempId again.
      ack = null;
    }
    if (this.closed) return "stop";
    if (ack?.ok) {
      this.tries.delete(entry.tempId);
      if (!ack.data) return this.fail(entry.tempId, "The server did not return the message");
      this.entries = this.entries.filter((e) => e.tempId !== entry.tempId);
      this.persist();
      this.options.onStored?.(ack.data, entry);
      return "next";
    }
    // Refused for good (blocked, too long, not his conversation): the member decides.
    if (ack && !ack.retry) return this.fail(entry.tempId, ack.message);

    // Passing trouble: try again later, and give up after a while unless it only has to wait.
    // The connection went: the next one sends it at once (and this try does not count).
    if (ack === null && !this.options.transport.connected) return "stop";
    const tries = this.tries.get(entry.tempId) ?? { all: 0, counted: 0 };
    this.tries.set(entry.tempId, tries);
    tries.all += 1;
    if (!(ack && isRateLimited(ack))) tries.counted += 1;
    if (tries.counted >= (this.options.maxAttempts ?? MAX_SEND_ATTEMPTS))
      return this.fail(entry.tempId, NOT_SENT_REASON);
    const delay = doublingDelay(tries.all, this.options.retryDelayMs, this.options.maxRetryDelayMs);
    lane.timer = setTimeout(() => {
      lane.timer = null;
      if (!lane.busy) this.lanes.delete(entry.conversationId);
      void this.flush();
    }, delay);
    return "stop";
  }

  private fail(tempId: string, reason: string): Outcome {
    this.tries.delete(tempId);
    // Discarded meanwhile: nothing to mark.
    if (this.entries.some((e) => e.tempId === tempId)) {
      this.entries = this.entries.map((e) => (e.tempId === tempId ? { ...e, failed: reason } : e));
      this.persist();
    }
    return "next";
  }

  private stopWaiting(lane: Lane) {
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = null;
  }

  private persist() {
    this.storage.save(this.entries);
    this.options.onChange?.(this.entries);
  }
}

/**
 * The messages a member has, by conversation, each once, in the server's order (message ids grow
 * with every message). Pushed messages and catch-up pages can arrive in any order and more than
 * once; the log keeps one of each and remembers the newest id, from which a reconnect catches up.
 */
export class MessageLog {
  private readonly byId = new Map<number, Message>();
  private newest = 0;

  /** Adds messages; answers those that were new. */
  add(messages: Iterable<Message>): Message[] {
    const added: Message[] = [];
    for (const message of messages) {
      if (this.byId.has(message.id)) continue;
      this.byId.set(message.id, message);
      if (message.id > this.newest) this.newest = message.id;
      added.push(message);
    }
    return added;
  }

  get lastId(): number {
    return this.newest;
  }

  get size(): number {
    return this.byId.size;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  conversation(conversationId: string): Message[] {
    return [...this.byId.values()].filter((m) => m.conversationId === conversationId).sort((a, b) => a.id - b.id);
  }
}

type FetchMissed = (after: number) => Promise<{ messages: Message[]; more: boolean }>;

/**
 * How long a failed catch-up waits before it is tried again while its connection lasts: the n-th
 * failure waits between half and all of RETRY_DELAY_MS * 2^(n-1), at most MAX_RETRY_DELAY_MS. The
 * random part spreads the members a restarted node sent to the same node at once.
 */
export function catchUpRetryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = doublingDelay(failures);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/**
 * Message ids are handed out when a send begins, not when it is stored for good: under load, id 100
 * can become visible a few milliseconds after id 101 (two senders at once, PostgreSQL). A
 * watermark that followed the newest id could jump over 100 if the connection dropped in between.
 * So an id counts toward the watermark only once it has been known for this long (and a
 * reconnection fetches again, and ignores, at most this much).
 */
export const SYNC_SETTLE_MS = 10_000;

/**
 * Keeps a member's log complete across disconnections. While a connection lasts (and its first
 * catch-up is done), every message pushed to it is known, so the watermark follows the ids known
 * for SYNC_SETTLE_MS. When it drops, the watermark stays where it was; at the next connection
 * everything after it is fetched (GET /api/messages/missed), so messages sent while he was away,
 * or while the server was restarting, arrive in order, and the ones pushed meanwhile are not doubled.
 * A catch-up that fails (a node overwhelmed by members reconnecting at once) is tried again, with
 * growing waits (catchUpRetryDelay), until it succeeds or the connection drops: the next connection
 * catches up anyway.
 */
export class MessageSync {
  private watermark: number;
  private live = false;
  private catching: Promise<Message[]> | null = null;
  /** Grows at every disconnection: a catch-up that outlived its connection must not go live. */
  private epoch = 0;
  /** Ids known while live, oldest first, waiting to settle into the watermark. */
  private settling: Array<{ id: number; at: number }> = [];
  /** Ends the wait of a failed catch-up before its next try (the connection dropped). */
  private wake: (() => void) | null = null;

  constructor(
    readonly log: MessageLog,
    private readonly fetchMissed: FetchMissed,
    initialWatermark = log.lastId,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.watermark = initialWatermark;
  }

  /** Messages pushed by the server or acknowledged to us: answers the new ones. */
  receive(messages: Iterable<Message>): Message[] {
    const list = [...messages];
    const added = this.log.add(list);
    if (this.live) this.note(list.map((m) => m.id));
    this.settle();
    return added;
  }

  private note(ids: readonly number[]) {
    const at = this.now();
    for (const id of ids) this.settling.push({ id, at });
  }

  private settle() {
    const cutoff = this.now() - SYNC_SETTLE_MS;
    while (this.settling.length > 0 && this.settling[0]!.at <= cutoff)
      this.watermark = Math.max(this.watermark, this.settling.shift()!.id);
  }

  /** Call at every (re)connection: catches up from the watermark, then follows pushes. */
  connected(): Promise<Message[]> {
    // One catch-up at a time; a new connection queues its own after the one in flight.
    const run = (this.catching ?? Promise.resolve([])).catch(() => []).then(() => this.catchUp());
    this.catching = run;
    void run
      .finally(() => {
        if (this.catching === run) this.catching = null;
      })
      .catch(() => undefined);
    return run;
  }

  disconnected(): void {
    this.live = false;
    this.epoch += 1;
    // What had not settled is fetched again at the next connection.
    this.settle();
    this.settling = [];
    this.wake?.();
  }

  get syncedUpTo(): number {
    this.settle();
    return this.watermark;
  }

  private async catchUp(): Promise<Message[]> {
    const epoch = this.epoch;
    const added: Message[] = [];
    let after = this.watermark;
    let failures = 0;
    for (;;) {
      let page: Awaited<ReturnType<FetchMissed>>;
      try {
        page = await this.fetchMissed(after);
      } catch {
        // Tried again while this connection lasts; once it drops, the next one catches up.
        if (epoch !== this.epoch) return added;
        failures += 1;
        await this.pause(catchUpRetryDelay(failures));
        if (epoch !== this.epoch) return added;
        continue;
      }
      failures = 0;
      const { messages, more } = page;
      added.push(...this.log.add(messages));
      const last = messages[messages.length - 1];
      if (last) after = Math.max(after, last.id);
      if (!more || !last) break;
    }
    if (epoch !== this.epoch) return added;
    // What the catch-up brought (and what was pushed during it) settles like a push.
    this.note([after, this.log.lastId]);
    this.live = true;
    this.settle();
    return added;
  }

  /** Waits `ms`, or less if the connection drops meanwhile. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
