import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The built web app (apps/web/dist) that this process serves beside the API. */
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, "apps/web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Where PGlite, the generated session secret and (by default) media live. */
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, ".data")),
  /** postgres://... for PostgreSQL; unset for embedded PGlite in DATA_DIR/pglite. */
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: "DATABASE_URL must be a postgres:// URL" }).optional(),
  ),
  /** Comma-separated postgres:// URLs of streaming replicas of DATABASE_URL: read-only hot paths go there (db/replicas.ts). */
  DATABASE_REPLICA_URLS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({
          protocol: /^postgres(ql)?$/,
          error: "DATABASE_REPLICA_URLS must be postgres:// URLs, separated by commas",
        }),
      ),
    ),
  /** A replica further behind the primary than this is skipped for the primary. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce
    .number()
    .int("DATABASE_REPLICA_MAX_LAG_MS must be a whole number")
    .min(100, "DATABASE_REPLICA_MAX_LAG_MS must be at least 100")
    .max(600_000, "DATABASE_REPLICA_MAX_LAG_MS can be at most 600000")
    .default(5000),
  /** Connections each node keeps to PostgreSQL (bench/api measured the best for 2 cores). */
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int("DATABASE_POOL_SIZE must be a whole number")
    .min(1, "DATABASE_POOL_SIZE must be at least 1")
    .max(200, "DATABASE_POOL_SIZE can be at most 200")
    .default(10),
  /** Prefix of this deployment's Redis keys (the shared limits): nodes of one deployment share it. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, "REDIS_PREFIX: letters, digits, dots, dashes, underscores")
    .default("vicinity"),
  /** redis://... to share realtime traffic between server nodes. */
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: "REDIS_URL must be a redis:// URL" }).optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional()),
  /**
   * Which proxies' X-Forwarded-For to believe: unset trusts none (the client's
   * address is the connection's); a number trusts that many hops; otherwise a comma-separated list
   * of addresses or CIDR ranges of the proxies.
   */
  TRUST_PROXY: optionalText,
  MEDIA_DIR: optionalText,
  /** Comma-separated origins allowed besides the request's own host (e.g. a dev server). */
  PUBLIC_ORIGIN: z.string().default(""),
  /** Seed demo members into an empty database at start-up. */
  SEED_DEMO: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
  /** Messages a member may send in a minute (a burst allowance, not a pace). */
  /** New accounts one address may create in an hour. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1, "REGISTRATIONS_PER_HOUR must be at least 1").default(30),
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1, "MESSAGES_PER_MINUTE must be at least 1").default(120),
  /** An OpenStreetMap-style tile server for the map's base layer instead of our own (docs/decisions/0018). */
  MAP_TILE_URL: optionalText.pipe(
    z
      .string()
      .refine(
        isTileUrlTemplate,
        "MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}, like https://tile.example.org/{z}/{x}/{y}.png",
      )
      .optional(),
  ),
  /** The attribution its data asks for (plain text); default: our own data's, or "© OpenStreetMap contributors" with MAP_TILE_URL. */
  MAP_ATTRIBUTION: optionalText,
  /** The mail server, smtp(s)://user:pass@host:port; unset writes each mail under DATA_DIR/mail. */
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
  ),
  /** The sender of mails. */
  MAIL_FROM: z.string().trim().min(3).default("Vicinity <no-reply@vicinity.local>"),
  /** The app's address as members reach it: the links in mails start with it (never the request's Host). */
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: "APP_URL must be an http(s):// URL" }).optional()),
  /** Prometheus metrics at /metrics on a port of their own (on METRICS_HOST)... */
  METRICS_PORT: z.coerce
    .number()
    .int("METRICS_PORT must be a port number")
    .min(1, "METRICS_PORT must be a port number")
    .max(65535, "METRICS_PORT must be a port number")
    .optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** ...and/or at /metrics on the app's port, for `Authorization: Bearer METRICS_TOKEN`. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^\S{24,200}$/, "METRICS_TOKEN must be 24 to 200 characters without spaces")
      .optional(),
  ),
});

export interface ServerConfig {
  port: number;
  host: string;
  env: "development" | "production" | "test";
  webDist: string;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  dataDir: string;
  /** PGlite's data directory, or memory:// for a throwaway database. */
  pgliteDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Streaming replicas for read-only queries (none: every read on the primary). */
  databaseReplicaUrls: string[];
  databaseReplicaMaxLagMs: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  sessionSecret: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: boolean | number | string[];
  mediaDir: string;
  allowedOrigins: string[];
  seedDemo: boolean;
  messagesPerMinute: number;
  registrationsPerHour: number;
  /** MAP_TILE_URL: the base layer's tiles elsewhere; undefined for our own. */
  mapTileUrl: string | undefined;
  mapAttribution: string | undefined;
  /** The CSP source of MAP_TILE_URL's server (img-src), e.g. https://*.tile.example.org. */
  mapTileOrigin: string | undefined;
  /** SMTP_URL, or undefined to keep mails under `${dataDir}/mail` (in memory for memory://). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The origin links in mails start with (APP_URL; default http://localhost:PORT). */
  appUrl: string;
  /** Metrics at /metrics on a port of their own (undefined: none), on metricsHost. */
  metricsPort: number | undefined;
  metricsHost: string;
  /** /metrics on the app's port for this bearer token (undefined: not there). */
  metricsToken: string | undefined;
}

/** An absolute http(s) URL with {z}, {x} and {y} (and perhaps {s}, {r}, as Leaflet fills them). */
function isTileUrlTemplate(value: string): boolean {
  if (!["{z}", "{x}", "{y}"].every((p) => value.includes(p))) return false;
  return tileOrigin(value) !== undefined;
}

/** The CSP source of a tile URL template: its origin, a {s} subdomain as a wildcard. */
export function tileOrigin(template: string): string | undefined {
  try {
    const url = new URL(template.replace("{s}.", "s-placeholder."));
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    if (url.username || url.password || /[{}]/.test(url.host)) return undefined;
    return url.origin.replace("s-placeholder.", "*.");
  } catch {
    return undefined;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === "false") return false;
  const list = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry) && !["loopback", "linklocal", "uniquelocal"].includes(entry)) {
      throw new Error(
        `Invalid configuration:\n  TRUST_PROXY: "${entry}" is not a hop count, an address or a CIDR range`,
      );
    }
  }
  return list;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the configuration from the environment; a bad value stops the start with a readable list. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URLS.length > 0 && !e.DATABASE_URL)
    throw new Error(
      "Invalid configuration:\n  DATABASE_REPLICA_URLS: replicas are of PostgreSQL (DATABASE_URL), not of the embedded database",
    );
  if (e.NODE_ENV === "production") {
    // What a production node must be told rather than guess.
    const missing = [
      !e.SESSION_SECRET && "  SESSION_SECRET: required in production (at least 32 characters)",
      !e.APP_URL && "  APP_URL: required in production (the address members use; the links in mails start with it)",
      e.SEED_DEMO && "  SEED_DEMO: demo members never go into a production database",
    ].filter(Boolean);
    if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join("\n")}`);
  }
  const inMemory = e.DATA_DIR === "memory://";
  const dataDir = inMemory ? "memory://" : path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    env: e.NODE_ENV,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    pgliteDir: inMemory ? "memory://" : path.join(dataDir, "pglite"),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    // A throwaway database gets a throwaway secret: nothing is written to disk.
    sessionSecret: e.SESSION_SECRET ?? (inMemory ? randomBytes(32).toString("base64url") : readOrCreateSecret(dataDir)),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mediaDir: path.resolve(
      e.MEDIA_DIR ?? (inMemory ? path.join(tmpdir(), `vicinity-media-${process.pid}`) : path.join(dataDir, "media")),
    ),
    allowedOrigins: e.PUBLIC_ORIGIN.split(",")
      .map((s) => s.trim().replace(/\/$/, ""))
      .filter(Boolean),
    // Demo members never go into a production database unless asked for.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV === "development",
    messagesPerMinute: e.MESSAGES_PER_MINUTE,
    registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    mapTileUrl: e.MAP_TILE_URL,
    mapAttribution: e.MAP_ATTRIBUTION,
    mapTileOrigin: e.MAP_TILE_URL ? tileOrigin(e.MAP_TILE_URL) : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    metricsToken: e.METRICS_TOKEN,
  };
}
