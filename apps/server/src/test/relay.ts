import { connect as tcpConnect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay between the server and one of its services (PostgreSQL, Redis): cutting it is that
 * service going away (every connection dropped, new ones refused), starting it again on the same
 * port is the service back. For the fault tests (ops/faults.test.ts).
 */
export class TcpRelay {
  private server: Server | null = null;
  private readonly links = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens (on the port it had before, once it has one); nothing when it listens already. */
  start(): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = createServer((client) => {
      // A connection accepted just before a cut, whose turn came after it: dropped too (else the
      // cut's close would wait for it for ever, and the relay would never listen again).
      if (this.server !== server) {
        client.destroy();
        return;
      }
      const upstream = tcpConnect(this.targetPort, this.targetHost);
      this.links.add(client).add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.links.delete(client);
        this.links.delete(upstream);
      };
      client.on("error", drop).on("close", drop).pipe(upstream);
      upstream.on("error", drop).on("close", drop).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  /** Drops every connection and refuses new ones. */
  cut(): Promise<void> {
    for (const link of this.links) link.destroy();
    this.links.clear();
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** The target's URL with the relay's host and port. */
  urlFor(url: string): string {
    const relayed = new URL(url);
    relayed.host = `127.0.0.1:${this.port}`;
    return relayed.toString();
  }
}
