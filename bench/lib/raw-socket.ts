import WebSocket from "ws";

/**
 * A socket.io client that speaks just enough of the protocol (Engine.IO 4 over a WebSocket) to be
 * load: it connects with a session cookie, answers the server's pings, emits with an
 * acknowledgement, and counts the frames of the events it is told to, without decoding them. A
 * bench's thousands of watchers would otherwise spend the load generator's core parsing JSON
 * nobody reads (the observers that measure stay real socket.io clients).
 */
export class RawSocket {
  private readonly ws: WebSocket;
  private acks = new Map<number, (payload: unknown) => void>();
  private nextAck = 0;
  connected = false;
  onConnect: () => void = () => {};
  /** Frames of the counted events, and their bytes. */
  frames = 0;
  bytes = 0;
  counting = false;

  constructor(origin: string, cookie: string, countedEvents: readonly string[]) {
    const prefixes = countedEvents.map((e) => Buffer.from(`42["${e}"`));
    this.ws = new WebSocket(`${origin.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`, {
      headers: { cookie, origin },
    });
    this.ws.on("message", (data: Buffer) => {
      if (data[0] === 0x32 && data.length === 1) return void this.ws.send("3"); // ping: pong
      if (data[0] === 0x30) return void this.ws.send("40"); // engine open: join the main namespace
      if (data[0] === 0x34 && data[1] === 0x30) {
        this.connected = true;
        return this.onConnect();
      }
      if (data[0] === 0x34 && data[1] === 0x33) {
        // "43<id>[payload]": an acknowledgement.
        const text = data.toString();
        const open = text.indexOf("[");
        const id = Number(text.slice(2, open));
        const answer = JSON.parse(text.slice(open)) as unknown[];
        this.acks.get(id)?.(answer[0]);
        this.acks.delete(id);
        return;
      }
      if (this.counting && prefixes.some((p) => data.subarray(0, p.length).equals(p))) {
        this.frames += 1;
        this.bytes += data.length;
      }
    });
  }

  emitWithAck(event: string, payload: unknown, timeoutMs = 30_000): Promise<unknown> {
    const id = this.nextAck++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error(`no acknowledgement of ${event} in ${timeoutMs} ms`));
      }, timeoutMs);
      this.acks.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  close(): void {
    this.ws.close();
  }
}
