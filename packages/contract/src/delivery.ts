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
export const RETRY_DELAY_MS = 1_000;

/** A message the member wrote that the server has not acknowledged yet (decisions.md 5). */
export interface OutboxEntry extends SendMessage {
  createdAt: string;
  /** Set when the server refused it for good (blocked, too long...): shown as failed, retried by hand. */
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
  retryDelayMs?: number;
}

export function memoryOutboxStorage(initial: OutboxEntry[] = []): OutboxStorage {
  let entries = [...initial];
  return { load: () => [...entries], save: (next) => void (entries = [...next]) };
}

/**
 * Sends messages one at a time, in the order written, each with an acknowledgement, and retries
 * until the server acknowledges it (decisions.md 5). The server de-duplicates by (sender, tempId),
 * so a send that was stored but whose acknowledgement was lost is answered with the stored message
 * when retried: stored and delivered exactly once.
 */
export class MessageOutbox {
  private entries: OutboxEntry[];
  private flushing = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly unsubscribe: () => void;
  private readonly storage: OutboxStorage;
  private closed = false;

  constructor(private readonly options: OutboxOptions) {
    this.storage = options.storage ?? memoryOutboxStorage();
    this.entries = this.storage.load();
    // What a reload left in the outbox is shown at once.
    options.onChange?.(this.entries);
    this.unsubscribe = options.transport.onConnect(() => void this.flush());
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

  /** Tries a failed message again (the member pressed Retry). */
  retry(tempId: string): void {
    this.entries = this.entries.map((e) => (e.tempId === tempId ? { ...e, failed: undefined } : e));
    this.persist();
    void this.flush();
  }

  /** Drops a failed message (the member gave up on it). */
  discard(tempId: string): void {
    this.entries = this.entries.filter((e) => e.tempId !== tempId);
    this.persist();
  }

  async flush(): Promise<void> {
    if (this.flushing || this.closed) return;
    this.flushing = true;
    try {
      for (;;) {
        const next = this.entries.find((e) => !e.failed);
        if (!next || !this.options.transport.connected || this.closed) return;
        const { createdAt: _createdAt, failed: _failed, ...payload } = next;
        let ack: Ack<Message>;
        try {
          ack = await this.options.transport.send(payload, this.options.ackTimeoutMs ?? ACK_TIMEOUT_MS);
        } catch {
          // No acknowledgement in time (dropped connection): try again shortly, same tempId.
          this.retryLater();
          return;
        }
        if (ack.ok && ack.data) {
          this.entries = this.entries.filter((e) => e.tempId !== next.tempId);
          this.persist();
          this.options.onStored?.(ack.data, next);
        } else if (!ack.ok && ack.retry) {
          this.retryLater();
          return;
        } else {
          const reason = ack.ok ? "The server did not return the message" : ack.message;
          this.entries = this.entries.map((e) => (e.tempId === next.tempId ? { ...e, failed: reason } : e));
          this.persist();
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
  }

  private retryLater() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.retryDelayMs ?? RETRY_DELAY_MS);
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
 * Keeps a member's log complete across disconnections. While a connection lasts (and its first
 * catch-up is done), every message pushed to it is known, so the watermark follows the newest id.
 * When it drops, the watermark stays where it was; at the next connection everything after it is
 * fetched (GET /api/messages/missed), so messages sent while he was away, or while the server was
 * restarting, arrive in order, and the ones pushed meanwhile are not doubled.
 */
export class MessageSync {
  private watermark: number;
  private live = false;
  private catching: Promise<Message[]> | null = null;
  /** Grows at every disconnection: a catch-up that outlived its connection must not go live. */
  private epoch = 0;

  constructor(
    readonly log: MessageLog,
    private readonly fetchMissed: FetchMissed,
    initialWatermark = log.lastId,
  ) {
    this.watermark = initialWatermark;
  }

  /** Messages pushed by the server or acknowledged to us: answers the new ones. */
  receive(messages: Iterable<Message>): Message[] {
    const added = this.log.add(messages);
    if (this.live) this.watermark = Math.max(this.watermark, this.log.lastId);
    return added;
  }

  /** Call at every (re)connection: catches up from the watermark, then follows pushes. */
  connected(): Promise<Message[]> {
    // One catch-up at a time; a new connection queues its own after the one in flight.
    const run = (this.catching ?? Promise.resolve([])).catch(() => []).then(() => this.catchUp());
    this.catching = run;
    void run.finally(() => {
      if (this.catching === run) this.catching = null;
    }).catch(() => undefined);
    return run;
  }

  disconnected(): void {
    this.live = false;
    this.epoch += 1;
  }

  get syncedUpTo(): number {
    return this.watermark;
  }

  private async catchUp(): Promise<Message[]> {
    const epoch = this.epoch;
    const added: Message[] = [];
    let after = this.watermark;
    for (;;) {
      const { messages, more } = await this.fetchMissed(after);
      added.push(...this.log.add(messages));
      const last = messages[messages.length - 1];
      if (last) after = Math.max(after, last.id);
      if (!more || !last) break;
    }
    if (epoch !== this.epoch) return added;
    this.watermark = Math.max(after, this.log.lastId);
    this.live = true;
    return added;
  }
}
