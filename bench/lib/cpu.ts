import { readdirSync, readFileSync } from "node:fs";

/** CPU seconds (user + system) a process has used, from /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0; // Gone meanwhile (a PostgreSQL backend that ended).
  }
}

/** CPU seconds used by every PostgreSQL process on this machine (its backends serve the server's pool). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuSeconds(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return total;
}
