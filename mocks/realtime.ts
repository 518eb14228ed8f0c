import type { SocketFactory, VicinitySocket } from "@vicinity/features/shared";

type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for the socket in stories: it "connects" at once (or stays in the state asked for)
 * and lets a story play events to the screen.
 */
export class FakeSocket {
  private handlers = new Map<string, Set<Handler>>();
  connected = false;
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }
  off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }
  /** Records the emit; an acknowledgement callback (the last argument) gets `respond`'s answer. */
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    const ack = args.at(-1);
    if (typeof ack === "function") void this.respond(event, args[0]).then((answer) => ack(answer));
    return this;
  }
  /** What connect() plays: connect at once, drop after connecting, or nothing. */
  plan: "connected" | "reconnecting" | "never" = "connected";
  connect() {
    if (this.plan === "never") return this;
    queueMicrotask(() => {
      this.serverEmit("connect");
      if (this.plan === "reconnecting") this.serverEmit("disconnect", "transport close");
    });
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  /**
   * How the fake server answers an emit with acknowledgement (sendMessage...). The default stores
   * a message as the server would (a new id, the sender being `meId`) and pushes it back.
   */
  respond: (event: string, payload: unknown) => Promise<unknown> = async (event, payload) => {
    if (event !== "sendMessage") return { ok: true };
    const p = payload as { conversationId: string; content: string; tempId: string; mediaId?: string };
    const message = {
      id: (this.nextId += 1),
      conversationId: p.conversationId,
      senderId: this.meId,
      content: p.content.trim(),
      picture: p.mediaId ? { id: p.mediaId, url: `/media/${p.mediaId}`, width: 1200, height: 900 } : null,
      tempId: p.tempId,
      createdAt: new Date().toISOString(),
    };
    queueMicrotask(() => this.serverEmit("newMessage", message));
    return { ok: true, data: message };
  };
  meId = "u_1001";
  nextId = 1000;
  timeout(_ms: number) {
    return {
      emitWithAck: (event: string, ...args: unknown[]) => {
        this.emitted.push({ event, args });
        return this.respond(event, args[0]);
      },
    };
  }
  /** Plays a server-side event to the client's handlers. */
  /** Whether the page listens to `event` yet (the messenger's engine is loaded after the page). */
  listens(event: string): boolean {
    return (this.handlers.get(event)?.size ?? 0) > 0;
  }

  serverEmit(event: string, ...args: unknown[]) {
    if (event === "connect") this.connected = true;
    if (event === "disconnect") this.connected = false;
    this.handlers.get(event)?.forEach((h) => h(...args));
  }
}

/** A factory whose sockets connect immediately ("connected"), or drop after connecting ("reconnecting"). */
export function fakeSocketFactory(
  state: "connected" | "reconnecting" | "never" = "connected",
  onCreate?: (s: FakeSocket) => void,
): SocketFactory {
  return () => {
    const socket = new FakeSocket();
    socket.plan = state;
    onCreate?.(socket);
    return socket as unknown as VicinitySocket;
  };
}
