/**
 * npm run cluster: the scale-out set-up on this machine. nginx (Debian's
 * package) on CLUSTER_PORT (8080) in front of two server nodes (production builds, ports 3001 and
 * 3002), on the local PostgreSQL (a database of its own, `vicinity_cluster`) and Redis; the nodes
 * share the session secret and the pictures' directory (.data/cluster/media). Ctrl-C stops it all.
 *
 *   npm run cluster                      build, seed an empty database with the demo city, start
 *   npm run cluster -- --no-build        the builds are current
 *   npm run cluster -- --no-replica      every read on the primary (by default the nodes read on a
 *                                        streaming replica on port 5433, made by scripts/replica.ts)
 *
 * Settings: CLUSTER_PORT, CLUSTER_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vicinity_cluster;
 * created when missing), REDIS_URL (redis://127.0.0.1:6379), CLUSTER_DIR (.data/cluster).
 * bench/soak starts the same set-up through startCluster.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ensureReplica, replicaUrlOf } from "./replica";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NGINX = "/usr/sbin/nginx";

export interface ClusterOptions {
  port?: number;
  nodePorts?: readonly number[];
  databaseUrl?: string;
  redisUrl?: string;
  dir?: string;
  build?: boolean;
  /** The demo city into an empty database. */
  seed?: boolean;
  /** The nodes read on a streaming replica of the database (scripts/replica.ts makes it on port 5433). */
  replica?: boolean;
  /** More settings for every node (LOG_LEVEL, MESSAGES_PER_MINUTE...). */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface ClusterNode {
  name: string;
  port: number;
  /** http://127.0.0.1:port, past nginx. */
  url: string;
  metricsPort: number;
  pid(): number | undefined;
  running(): boolean;
  start(): Promise<void>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** nginx: what members reach. */
  url: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  stop(): Promise<void>;
}

/** nginx from Debian's packages, installed when missing (without starting Debian's own service). */
export function ensureNginx(log: (line: string) => void = console.info): void {
  if (existsSync(NGINX)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get"))
    throw new Error(`nginx is missing: install it with sudo apt-get install -y nginx`);
  log("Installing nginx from Debian's packages...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Debian's package starts its own nginx on port 80 after installing: a policy-rc.d says no.
  const policy = "/usr/sbin/policy-rc.d";
  const ours = !existsSync(policy);
  if (ours) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "nginx"], { stdio: "inherit", env });
  } finally {
    if (ours) unlinkSync(policy);
  }
  if (!existsSync(NGINX)) throw new Error(`apt-get finished but ${NGINX} is still missing`);
}

/** nginx's configuration: HTTP round-robin, the socket by session (a long-polling fallback stays on one node), WebSocket upgrade. */
export function nginxConfig(prefix: string, port: number, nodePorts: readonly number[]): string {
  // Pages and API: a node that refuses or times out is skipped for 3 s, so the other takes its
  // calls at once. The same nodes again as backups, which keep no failure marks: when both are
  // marked (one stopped for a deploy, the other slow to accept under its reconnections), a call
  // still goes to one of them instead of getting 502 "no live upstreams" for 3 s (bench/soak's
  // SIGTERM step: 874 such answers in one run).
  const servers = [
    ...nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`),
    ...nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=0 backup;`),
  ].join("\n");
  // The socket's upstream keeps no failure marks: its requests come in waves (every socket of a
  // node at once, when it stops), and a node marked failed by the last wave (killed, then started
  // again) was still "down" at the next, when the other one stopped: "no live upstreams", 502 for
  // every reconnection until a node came back. A refused connection simply goes to the next node.
  const realtimeServers = nodePorts.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join("\n");
  return `# Written by scripts/cluster.ts: nginx in front of ${nodePorts.length} Vicinity nodes.
worker_processes 1;
worker_rlimit_nofile 16384;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  # Pictures up to the server's own limit (it answers 413 beyond).
  client_max_body_size 25m;
  # A WebSocket upgrade passes the upgrade on; anything else sends no Connection header, so the
  # connections to the nodes are kept alive.
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  # Pages and API: any node; a node that refuses or fails is skipped for 3 s, but never both
  # (the backups).
  upstream app {
${servers}
    keepalive 64;
  }
  # The socket: by session, so that a long-polling fallback's requests reach the node that holds it.
  upstream realtime {
    hash $cookie_vicinity_sid consistent;
${realtimeServers}
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    # The nodes compare Origin with Host (host and port) and believe one proxy (TRUST_PROXY).
    # (Every header here: a proxy_set_header inside a location would drop all of these there.)
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_connect_timeout 2s;
    # A GET whose node is down (or shutting down) is tried on the other; a POST never is.
    proxy_next_upstream error timeout http_502 http_503;
    location /socket.io/ {
      proxy_pass http://realtime;
      proxy_read_timeout 120s;
      proxy_buffering off;
    }
    location / {
      proxy_pass http://app;
    }
  }
}
`;
}

/**
 * Starts nginx in front of the nodes' ports (nginxConfig), in the directory `prefix` (its
 * configuration, temporary files and error.log). Stop it with SIGQUIT.
 */
export function startNginx(prefix: string, port: number, nodePorts: readonly number[]): ChildProcess {
  for (const sub of ["tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"])
    mkdirSync(path.join(prefix, sub), { recursive: true });
  // nginx's workers run as an unprivileged user: its temporary files must be theirs to write.
  for (const sub of ["tmp", "tmp/body", "tmp/proxy", "tmp/fastcgi", "tmp/uwsgi", "tmp/scgi"])
    chmodSync(path.join(prefix, sub), 0o777);
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig(prefix, port, nodePorts));
  execFileSync(NGINX, ["-t", "-q", "-p", prefix, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  return spawn(NGINX, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
}

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error(`CLUSTER_DATABASE_URL: the database name "${name}" must be lower-case letters, digits and _`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

async function waitFor(url: string, alive: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const giveUp = Date.now() + timeoutMs;
  while (Date.now() < giveUp) {
    if (!alive()) throw new Error(`${what} exited while starting`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? console.info;
  const port = options.port ?? Number(process.env.CLUSTER_PORT ?? 8080);
  const nodePorts = options.nodePorts ?? [3001, 3002];
  const databaseUrl =
    options.databaseUrl ?? process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/vicinity_cluster";
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
  const dir = path.resolve(options.dir ?? process.env.CLUSTER_DIR ?? path.join(root, ".data/cluster"));
  const prefix = path.join(dir, "nginx");

  ensureNginx(log);
  if (options.build !== false) {
    log("Building the web app and the server...");
    execFileSync("npm", ["run", "build", "--silent", "-w", "@vicinity/web"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    execFileSync("npm", ["run", "build", "--silent", "-w", "@vicinity/server"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  await ensureDatabase(databaseUrl);
  const replicaUrls = options.replica ? replicaUrlOf(databaseUrl) : "";
  if (options.replica) {
    await ensureReplica(log);
    log(`The nodes read on the replica: ${new URL(replicaUrls).host}`);
  }
  mkdirSync(path.join(dir, "media"), { recursive: true });
  // One secret for every node: a session made on one is read on the other.
  const secretFile = path.join(dir, "session-secret");
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString("base64url"), { mode: 0o600 });
  const secret = readFileSync(secretFile, "utf8").trim();
  const url = `http://127.0.0.1:${port}`;
  const shared: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATABASE_REPLICA_URLS: replicaUrls,
    REDIS_URL: redisUrl,
    SESSION_SECRET: secret,
    MEDIA_DIR: path.join(dir, "media"),
    APP_URL: `http://localhost:${port}`,
    // nginx on this machine is the one proxy whose X-Forwarded-For is believed.
    TRUST_PROXY: "127.0.0.1",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...options.env,
  };
  if (options.seed !== false) {
    execFileSync(process.execPath, ["apps/server/dist/seed-cli.js"], {
      cwd: root,
      env: { ...shared, NODE_ENV: "development" },
      stdio: ["ignore", "inherit", "inherit"],
    });
  }

  const nodes: ClusterNode[] = nodePorts.map((nodePort, i) => {
    const name = `node ${String.fromCharCode(65 + i)}`;
    // Metrics beside each node: 3001 -> 9001.
    const metricsPort = nodePort + 6000;
    let child: ChildProcess | undefined;
    const node: ClusterNode = {
      name,
      port: nodePort,
      url: `http://127.0.0.1:${nodePort}`,
      metricsPort,
      pid: () => child?.pid,
      running: () => !!child && child.exitCode === null && child.signalCode === null,
      async start() {
        child = spawn(process.execPath, ["--enable-source-maps", "apps/server/dist/main.js"], {
          cwd: root,
          env: {
            ...shared,
            PORT: String(nodePort),
            METRICS_PORT: String(metricsPort),
            DATA_DIR: path.join(dir, `node-${i + 1}`),
          },
          stdio: ["ignore", "inherit", "inherit"],
        });
        const started = child;
        await waitFor(`${node.url}/readyz`, () => started.exitCode === null && started.signalCode === null, name);
      },
      async stop(signal = "SIGTERM") {
        if (!child || !node.running()) return;
        const stopping = child;
        stopping.kill(signal);
        await exited(stopping);
      },
    };
    return node;
  });
  for (const node of nodes) await node.start();

  const nginx = startNginx(prefix, port, nodePorts);
  await waitFor(`${url}/readyz`, () => nginx.exitCode === null, "nginx");
  log(
    `Vicinity on ${url} (nginx) -> ${nodes.map((n) => `${n.name} :${n.port} (metrics :${n.metricsPort})`).join(", ")}; PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, "//")}, Redis ${redisUrl}`,
  );

  return {
    url,
    nodes,
    databaseUrl,
    async stop() {
      nginx.kill("SIGQUIT");
      await Promise.all([exited(nginx), ...nodes.map((n) => n.stop("SIGTERM"))]);
    },
  };
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) &&
  process.argv.includes("--ensure-nginx")
) {
  // npm test: the e2e suite's cluster test needs nginx (installed like Chromium, from Debian).
  ensureNginx();
} else if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cluster = await startCluster({
    build: !process.argv.includes("--no-build"),
    replica: !process.argv.includes("--no-replica"),
  });
  console.info(`Open http://localhost:${new URL(cluster.url).port}. Ctrl-C stops nginx and both nodes.`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
