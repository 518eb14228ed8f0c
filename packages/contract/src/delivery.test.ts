import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  catchUpRetryDelay,
  MAX_RETRY_DELAY_MS,
  MessageLog,
  MessageOutbox,
  MessageSync,
  memoryOutboxStorage,
  NOT_SENT_REASON,
  RETRY_DELAY_MS,
  SYNC_SETTLE_MS,
  type MessageTransport,
  type OutboxEntry,
} from "./delivery";
import type { Message, SendMessage } from "./messages";
import type { Ack } from "./realtime";

const ACK_TIMEOUT = 8_000;
const RATE_LIMITED: Ack<Message> = {
  ok: false,
  message: "You are sending messages too fast. Wait a moment and try again.",
  retry: true,
};
const SERVER_FAULT: Ack<Message> = {
  ok: false,
  message: "Your message could not be sent. It will be retried.",
  retry: true,
};

interface Call {
  payload: SendMessage;
  answer(ack: Ack<Message>): void;
  /** The stored message, as the server acknowledges it. */
  store(): void;
}

/** A socket that can be answered, left unanswered (times out after the ack timeout), dropped and reconnected. */
function fakeTransport() {
  let connected = true;
  let nextId = 1;
  const calls: Call[] = [];
  const inFlight = new Set<(error: Error) => void>();
  const listeners = new Set<() => void>();
  const transport: MessageTransport = {
    get connected() {
      return connected;
    },
    send: (payload, timeoutMs) =>
      new Promise<Ack<Message>>((resolve, reject) => {
        const settle = (done: () => void) => {
          clearTimeout(timer);
          inFlight.delete(drop);
          done();
        };
        const drop = (error: Error) => settle(() => reject(error));
        const timer = setTimeout(() => drop(new Error("operation has timed out")), timeoutMs);
        inFlight.add(drop);
        calls.push({
          payload,
          answer: (ack) => settle(() => resolve(ack)),
          store: () =>
            settle(() =>
              resolve({
                ok: true,
                data: {
                  id: nextId++,
                  conversationId: payload.conversationId,
                  senderId: "me",
                  content: payload.content,
                  picture: null,
                  tempId: payload.tempId,
                  createdAt: new Date().toISOString(),
                },
              }),
            ),
        });
      }),
    onConnect(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  return {
    transport,
    calls,
    /** tempIds in the order they were sent (each try counts). */
    sent: () => calls.map((c) => c.payload.tempId),
    last: (tempId: string) => calls.filter((c) => c.payload.tempId === tempId).at(-1),
    disconnect() {
      connected = false;
      // socket.io rejects the acknowledgements it will never get.
      for (const drop of [...inFlight]) drop(new Error("socket has been disconnected"));
    },
    reconnect() {
      connected = true;
      for (const listener of listeners) listener();
    },
  };
}

function setup(options: { initial?: OutboxEntry[] } = {}) {
  const socket = fakeTransport();
  const stored: Message[] = [];
  const outbox = new MessageOutbox({
    transport: socket.transport,
    storage: memoryOutboxStorage(options.initial),
    onStored: (message) => void stored.push(message),
    warn: () => undefined,
  });
  const write = (conversationId: string, tempId: string) =>
    outbox.send({ conversationId, content: `text of ${tempId}`, tempId });
  const entry = (tempId: string) => outbox.pending.find((e) => e.tempId === tempId);
  return { socket, outbox, stored, write, entry };
}

/** Lets promises settle and timers run, as the clock goes on. */
const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("MessageOutbox: no message holds back another", () => {
  it("sends the first message of every conversation at once, each conversation in its order", async () => {
    const { socket, write, stored } = setup();
    write("c1", "a1");
    write("c1", "a2");
    write("c2", "b1");
    write("c1", "a3");
    await tick();
    // a1 and b1 together; a2 waits for a1.
    expect(socket.sent()).toEqual(["a1", "b1"]);

    socket.last("b1")?.store();
    await tick();
    expect(socket.sent()).toEqual(["a1", "b1"]);
    socket.last("a1")?.store();
    await tick();
    expect(socket.sent()).toEqual(["a1", "b1", "a2"]);
    socket.last("a2")?.store();
    await tick();
    socket.last("a3")?.store();
    await tick();
    expect(socket.sent()).toEqual(["a1", "b1", "a2", "a3"]);
    expect(stored.map((m) => m.tempId)).toEqual(["b1", "a1", "a2", "a3"]);
  });

  it("keeps a conversation's order through a try that timed out", async () => {
    const { socket, write, outbox } = setup();
    write("c1", "a1");
    write("c1", "a2");
    await tick(ACK_TIMEOUT);
    // a1 had no answer: a2 still waits, a1 is tried again after a second.
    expect(socket.sent()).toEqual(["a1"]);
    await tick(1_000);
    expect(socket.sent()).toEqual(["a1", "a1"]);
    socket.last("a1")?.store();
    await tick();
    expect(socket.sent()).toEqual(["a1", "a1", "a2"]);
    socket.last("a2")?.store();
    await tick();
    expect(outbox.pending).toEqual([]);
  });

  it("a message refused for good fails alone with its reason; the next ones, of its conversation and of another, go on", async () => {
    const { socket, write, entry, stored } = setup();
    write("c1", "a1");
    write("c1", "a2");
    write("c2", "b1");
    await tick();
    // The other conversation does not wait for the answer to a1.
    expect(socket.sent()).toEqual(["a1", "b1"]);

    socket.last("a1")?.answer({ ok: false, message: "You can't message this member" });
    await tick();
    expect(entry("a1")?.failed).toBe("You can't message this member");
    expect(socket.sent()).toEqual(["a1", "b1", "a2"]);

    socket.last("a2")?.store();
    socket.last("b1")?.store();
    await tick();
    expect(stored.map((m) => m.tempId).sort()).toEqual(["a2", "b1"]);
    // The refused one waits for the member, and is not sent again by itself.
    await tick(60_000);
    expect(socket.sent()).toEqual(["a1", "b1", "a2"]);
    expect(entry("a1")?.failed).toBe("You can't message this member");
  });

  it("a message whose sends keep timing out does not hold back another conversation, and fails after the bound; then its conversation goes on", async () => {
    const { socket, write, entry } = setup();
    write("c1", "a1");
    write("c1", "a2");
    await tick();
    write("c2", "b1");
    await tick();
    expect(socket.sent()).toEqual(["a1", "b1"]);
    socket.last("b1")?.store();
    await tick();
    expect(entry("b1")).toBeUndefined();

    // a1 is never answered: tried again after 1 s, 2 s, 4 s, 8 s, each try waiting 8 s for its answer.
    const tryTimes: number[] = [];
    const start = Date.now();
    for (let i = 0; i < 200 && entry("a1")?.failed === undefined; i += 1) {
      const before = socket.sent().filter((t) => t === "a1").length;
      await tick(500);
      if (socket.sent().filter((t) => t === "a1").length > before) tryTimes.push(Date.now() - start);
      // Meanwhile a2 waits its turn, and c2 goes on.
      if (entry("a1")?.failed === undefined) expect(socket.sent()).not.toContain("a2");
      if (i === 20) {
        write("c2", "b2");
        await tick();
        expect(socket.sent().at(-1)).toBe("b2");
        socket.last("b2")?.store();
      }
    }
    expect(socket.sent().filter((t) => t === "a1")).toHaveLength(5);
    expect(tryTimes).toEqual([9_000, 19_000, 31_000, 47_000]);
    expect(entry("a1")?.failed).toBe(NOT_SENT_REASON);
    expect(entry("b2")).toBeUndefined();
    expect(socket.sent().at(-1)).toBe("a2");
    socket.last("a2")?.store();
    await tick();
    expect(entry("a2")).toBeUndefined();
  });

  it("a message the server keeps answering with a fault is tried with growing waits, then fails; another conversation is not held back", async () => {
    const { socket, write, entry } = setup();
    write("c1", "a1");
    write("c1", "a2");
    await tick();
    const waits = [1_000, 2_000, 4_000, 8_000];
    const triesOfA1 = () => socket.sent().filter((t) => t === "a1").length;
    for (const [i, wait] of waits.entries()) {
      socket.last("a1")?.answer(SERVER_FAULT);
      await tick(wait - 1);
      expect(triesOfA1()).toBe(i + 1);
      await tick(1);
      expect(triesOfA1()).toBe(i + 2);
      expect(socket.sent().at(-1)).toBe("a1");
      // A message of another conversation goes at once, and is stored.
      write(`other-${wait}`, `o-${wait}`);
      await tick();
      expect(socket.sent().at(-1)).toBe(`o-${wait}`);
      socket.last(`o-${wait}`)?.store();
      await tick();
      expect(entry(`o-${wait}`)).toBeUndefined();
    }
    socket.last("a1")?.answer(SERVER_FAULT);
    await tick();
    expect(entry("a1")?.failed).toBe(NOT_SENT_REASON);
    expect(socket.sent().filter((t) => t === "a1")).toHaveLength(5);
    expect(socket.sent().at(-1)).toBe("a2");
  });

  it("the rate limit only makes a message wait: it never fails for it", async () => {
    const { socket, write, entry, outbox } = setup();
    write("c1", "a1");
    await tick();
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      socket.last("a1")?.answer(RATE_LIMITED);
      const tries = socket.sent().length;
      const since = Date.now();
      while (socket.sent().length === tries) await tick(500);
      waits.push(Date.now() - since);
      expect(entry("a1")?.failed).toBeUndefined();
    }
    // Growing waits, capped at 30 s.
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, ...Array<number>(7).fill(30_000)]);
    expect(socket.sent().filter((t) => t === "a1")).toHaveLength(13);
    socket.last("a1")?.store();
    await tick();
    expect(outbox.pending).toEqual([]);
  });

  it("a send cut short by a lost connection does not count: it goes again, at once, on the next connection", async () => {
    const { socket, write, entry } = setup();
    write("c1", "a1");
    await tick();
    for (let i = 0; i < 8; i += 1) {
      socket.disconnect();
      await tick(60_000);
      expect(socket.sent()).toHaveLength(i + 1);
      socket.reconnect();
      await tick();
      expect(socket.sent()).toHaveLength(i + 2);
    }
    expect(entry("a1")?.failed).toBeUndefined();
    socket.last("a1")?.store();
    await tick();
    expect(entry("a1")).toBeUndefined();
  });

  it("Retry after a failure sends the same tempId, first in its conversation", async () => {
    const { socket, write, entry, outbox, stored } = setup();
    write("c1", "a1");
    await tick();
    socket.last("a1")?.answer({ ok: false, message: "Messages are at most 2,000 characters" });
    await tick();
    expect(entry("a1")?.failed).toBe("Messages are at most 2,000 characters");
    write("c1", "a2");
    await tick();
    expect(socket.sent()).toEqual(["a1", "a2"]);

    outbox.retry("a1");
    await tick();
    expect(entry("a1")?.failed).toBeUndefined();
    // a2 is still in flight: a1 goes once it is answered.
    socket.last("a2")?.store();
    await tick();
    expect(socket.sent()).toEqual(["a1", "a2", "a1"]);
    expect(socket.last("a1")?.payload).toEqual({ conversationId: "c1", content: "text of a1", tempId: "a1" });
    socket.last("a1")?.store();
    await tick();
    expect(outbox.pending).toEqual([]);
    expect(stored.map((m) => m.tempId)).toEqual(["a2", "a1"]);
  });

  it("Retry after giving up starts the count again", async () => {
    const { socket, write, entry, outbox } = setup();
    write("c1", "a1");
    await tick();
    for (let i = 0; i < 5; i += 1) {
      socket.last("a1")?.answer(SERVER_FAULT);
      await tick(8_000);
    }
    expect(entry("a1")?.failed).toBe(NOT_SENT_REASON);
    outbox.retry("a1");
    await tick();
    expect(socket.sent()).toHaveLength(6);
    socket.last("a1")?.answer(SERVER_FAULT);
    await tick(1_000);
    expect(entry("a1")?.failed).toBeUndefined();
    expect(socket.sent()).toHaveLength(7);
    expect(new Set(socket.sent())).toEqual(new Set(["a1"]));
  });

  it("Delete drops a failed message; settle drops one that reached the member another way", async () => {
    const { socket, write, entry, outbox } = setup();
    write("c1", "a1");
    write("c2", "b1");
    await tick();
    socket.last("a1")?.answer({ ok: false, message: "You can't message this member" });
    await tick();
    outbox.discard("a1");
    expect(entry("a1")).toBeUndefined();
    // b1 was stored but its acknowledgement is late; the push brought it.
    outbox.settle("b1");
    expect(outbox.pending).toEqual([]);
    socket.last("b1")?.store();
    await tick();
    expect(outbox.pending).toEqual([]);
  });

  it("what a reload left is sent at once, failed ones excepted", async () => {
    const initial: OutboxEntry[] = [
      {
        conversationId: "c1",
        content: "x",
        tempId: "a1",
        createdAt: "2026-01-01T00:00:00.000Z",
        failed: "You can't message this member",
      },
      { conversationId: "c1", content: "y", tempId: "a2", createdAt: "2026-01-01T00:00:01.000Z" },
      { conversationId: "c2", content: "z", tempId: "b1", createdAt: "2026-01-01T00:00:02.000Z" },
    ];
    const { socket, outbox } = setup({ initial });
    await tick();
    expect(socket.sent()).toEqual(["a2", "b1"]);
    outbox.close();
  });
});

describe("MessageSync: ids that become visible out of order", () => {
  const message = (id: number): Message => ({
    id,
    conversationId: "c1",
    senderId: "u",
    content: `m${id}`,
    picture: null,
    tempId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  });

  it("a message stored just after a newer one, while he was cut off, is still caught up (PostgreSQL hands out ids before commit)", async () => {
    let now = 0;
    const server: Message[] = [message(1)];
    const sync = new MessageSync(
      new MessageLog(),
      async (after) => ({ messages: server.filter((m) => m.id > after), more: false }),
      0,
      () => now,
    );
    await sync.connected();
    // 101 is stored and pushed; 100 (begun first) is not visible yet; the connection drops.
    sync.receive([message(101)]);
    now += 500;
    sync.disconnected();
    // 100 becomes visible while he is away; 101 and 100 are both on the server.
    server.push(message(100), message(101));
    now += 1000;
    const caught = await sync.connected();
    expect(caught.map((m) => m.id)).toEqual([100]);
    expect(sync.log.has(100)).toBe(true);
  });

  it("the watermark follows ids once they have settled, so a later reconnection fetches little", async () => {
    let now = 0;
    const sync = new MessageSync(
      new MessageLog(),
      async () => ({ messages: [], more: false }),
      0,
      () => now,
    );
    await sync.connected();
    sync.receive([message(5)]);
    expect(sync.syncedUpTo).toBe(0);
    now += SYNC_SETTLE_MS;
    expect(sync.syncedUpTo).toBe(5);
  });
});

describe("MessageSync: a catch-up that fails", () => {
  const message = (id: number): Message => ({
    id,
    conversationId: "c1",
    senderId: "u",
    content: `m${id}`,
    picture: null,
    tempId: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  });

  it("is tried again, with growing waits, while the connection lasts, until the missed messages are in", async () => {
    vi.useFakeTimers();
    try {
      const server = [message(1), message(2)];
      let calls = 0;
      const sync = new MessageSync(
        new MessageLog(),
        async (after) => {
          calls += 1;
          // The node left after a restart answers 502 twice under the herd of reconnections.
          if (calls <= 2) throw new Error("missed: 502");
          return { messages: server.filter((m) => m.id > after), more: false };
        },
        0,
      );
      let caught: Message[] | null = null;
      void sync.connected().then((added) => (caught = added));
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      // First wait: between half and all of RETRY_DELAY_MS.
      await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
      expect(calls).toBe(2);
      expect(caught).toBeNull();
      // Second wait: up to twice that.
      await vi.advanceTimersByTimeAsync(2 * RETRY_DELAY_MS);
      expect(calls).toBe(3);
      expect(caught!.map((m) => m.id)).toEqual([1, 2]);
      expect(sync.log.has(2)).toBe(true);
      // Live now: a push is followed as usual.
      sync.receive([message(3)]);
      expect(sync.log.lastId).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops when the connection drops, and the next connection catches up", async () => {
    vi.useFakeTimers();
    try {
      let failing = true;
      let calls = 0;
      const sync = new MessageSync(
        new MessageLog(),
        async () => {
          calls += 1;
          if (failing) throw new Error("missed: 502");
          return { messages: [message(7)], more: false };
        },
        0,
      );
      let first: Message[] | null = null;
      void sync.connected().then((added) => (first = added));
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(1);
      // Dropped during the wait: the wait ends, nothing more is fetched for this connection.
      sync.disconnected();
      await vi.advanceTimersByTimeAsync(0);
      expect(first).toEqual([]);
      await vi.advanceTimersByTimeAsync(MAX_RETRY_DELAY_MS);
      expect(calls).toBe(1);
      failing = false;
      const second = await sync.connected();
      expect(second.map((m) => m.id)).toEqual([7]);
      expect(calls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("waits between half and all of a doubling delay, capped", () => {
    expect(catchUpRetryDelay(1, () => 0)).toBe(RETRY_DELAY_MS / 2);
    expect(catchUpRetryDelay(1, () => 1)).toBe(RETRY_DELAY_MS);
    expect(catchUpRetryDelay(3, () => 0.5)).toBe(Math.round(4 * RETRY_DELAY_MS * 0.75));
    expect(catchUpRetryDelay(30, () => 1)).toBe(MAX_RETRY_DELAY_MS);
    expect(catchUpRetryDelay(30, () => 0)).toBe(MAX_RETRY_DELAY_MS / 2);
  });
});
