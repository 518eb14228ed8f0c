import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** The real server (apps/server/src/main.ts) in a child process of its own, on one database. */
export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM (it drains and closes its pool), SIGKILL after 15 s; before its database is dropped. */
  stop(): Promise<void>;
}

/**
 * Starts one node (no Redis, no demo data) and waits until it answers. BENCH_CPU_PROFILE=<dir>:
 * the node writes a V8 CPU profile there when it stops. `env` adds to or overrides its settings.
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  secret: string;
  port: number;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const profile = process.env.BENCH_CPU_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
    : [];
  const proc: ChildProcess = spawn(
    process.execPath,
    [...profile, "--import", "tsx", path.join(root, "apps/server/src/main.ts")],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        SESSION_SECRET: options.secret,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        REDIS_URL: "",
        // Replicas are of a database the bench names: a bench that wants them passes their URLs in env.
        DATABASE_REPLICA_URLS: "",
        NODE_ENV: "development",
        ...options.env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill("SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
    if (proc.exitCode === null) proc.kill("SIGKILL");
  };
  const url = `http://127.0.0.1:${options.port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${url}/api/auth/user`)).status === 401) break;
    } catch {
      // Not up yet.
    }
    if (i > 300 || proc.exitCode !== null) {
      await stop();
      throw new Error("the server did not start");
    }
    await sleep(100);
  }
  return { url, pid: proc.pid!, stop };
}
