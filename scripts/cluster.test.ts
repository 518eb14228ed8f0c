import { once } from "node:events";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNginx } from "./cluster";

/** A port nothing listens on: a connection to it is refused, as to a stopped node. */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port (no request is sent). */
async function accepting(port: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing accepted connections on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("nginx in front of the nodes (npm run cluster)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vicinity-nginx-test-"));
  chmodSync(dir, 0o755);
  let node: Server;
  let nginx: ReturnType<typeof startNginx>;
  let url = "";
  const answers: number[] = [];

  beforeAll(async () => {
    // Node A is stopped (it refuses); node B is overwhelmed for a moment: its first answer is 503.
    node = createServer((_, res) => {
      const status = answers.length === 0 ? 503 : 200;
      answers.push(status);
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "served" : "busy");
    });
    node.listen(0, "127.0.0.1");
    await once(node, "listening");
    const port = await freePort();
    nginx = startNginx(path.join(dir, "nginx"), port, [await freePort(), (node.address() as AddressInfo).port]);
    await accepting(port);
    url = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill("SIGQUIT");
      await once(nginx, "exit");
    }
    await new Promise((resolve) => node.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends a call to a node that can serve even while both are marked failed, never 502 'no live upstreams'", async () => {
    // The first call marks both nodes failed for 3 s (A refused, B answered 503); the calls in
    // those 3 s still reach B through the backups.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${url}/api/users/nearby`);
      statuses.push(res.status);
      expect(await res.text()).toBe("served");
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
    // B did answer 503 once: both nodes were marked failed.
    expect(answers[0]).toBe(503);
  });
});
