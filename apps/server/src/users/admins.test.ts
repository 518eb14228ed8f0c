import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { users } from "../db/schema";
import { registerMember, testConfig } from "../test/harness";

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** npm run admin, as the operator runs it: a separate process with the server's environment. */
async function admin(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  return adminWith({}, dataDir, ...args);
}

async function adminWith(
  env: Record<string, string>,
  dataDir: string,
  ...args: string[]
): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/admin-cli.ts", ...args], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        NODE_ENV: "development",
        ADMIN_PASSWORD: "",
        ...env,
      },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe("npm run admin", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "vicinity-admin-"));
    const config = {
      ...testConfig(),
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, SESSION_SECRET: "t".repeat(40) }),
      webDist: "/nonexistent",
    };
    const server = await buildServer(config);
    await registerMember(server, "owner@example.com");
    await registerMember(server, "unconfirmed@example.com");
    await server.context.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.email, "owner@example.com"));
    await server.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function roleOf(email: string): Promise<string | undefined> {
    const database = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      const [row] = await database.db.select({ role: users.accountRole }).from(users).where(eq(users.email, email));
      return row?.role;
    } finally {
      await database.close();
    }
  }

  it("grants and revokes on an existing account, and says so", async () => {
    expect(await admin(dataDir, "grant", "Owner@example.com")).toEqual({
      code: 0,
      out: expect.stringContaining("is now an admin"),
    });
    expect(await roleOf("owner@example.com")).toBe("admin");
    expect((await admin(dataDir, "grant", "owner@example.com")).out).toContain("was already an admin");
    expect(await admin(dataDir, "revoke", "owner@example.com")).toEqual({
      code: 0,
      out: expect.stringContaining("is no longer an admin"),
    });
    expect(await roleOf("owner@example.com")).toBe("member");
  });

  it("refuses an account whose address is not confirmed", async () => {
    expect(await admin(dataDir, "grant", "unconfirmed@example.com")).toEqual({
      code: 1,
      out: expect.stringContaining("has not confirmed his address yet"),
    });
    expect(await roleOf("unconfirmed@example.com")).toBe("member");
  });

  it("refuses an unknown account and a bad command with a readable line", async () => {
    expect(await admin(dataDir, "grant", "nobody@example.com")).toEqual({
      code: 1,
      out: expect.stringContaining("No account has the address nobody@example.com"),
    });
    expect(await admin(dataDir, "promote", "owner@example.com")).toEqual({
      code: 2,
      out: expect.stringContaining("Usage: npm run admin -- grant EMAIL | revoke EMAIL | create EMAIL"),
    });
  });

  it("creates a first admin with ADMIN_PASSWORD, who can sign in; never over an existing account or with a bad password", async () => {
    expect((await admin(dataDir, "create", "first@example.com")).code).toBe(2);
    expect(await adminWith({ ADMIN_PASSWORD: "short" }, dataDir, "create", "first@example.com")).toEqual({
      code: 1,
      out: expect.stringContaining("Passwords must be at least 8 characters"),
    });
    expect(await adminWith({ ADMIN_PASSWORD: "password123" }, dataDir, "create", "first@example.com")).toEqual({
      code: 1,
      out: expect.stringContaining("This password is too common"),
    });
    expect(await roleOf("first@example.com")).toBeUndefined();
    expect(
      await adminWith({ ADMIN_PASSWORD: "a long and unusual passphrase" }, dataDir, "create", "First@example.com"),
    ).toEqual({ code: 0, out: expect.stringContaining("is an admin") });
    expect(await roleOf("first@example.com")).toBe("admin");
    expect(
      await adminWith({ ADMIN_PASSWORD: "a long and unusual passphrase" }, dataDir, "create", "owner@example.com"),
    ).toEqual({ code: 1, out: expect.stringContaining("exists: grant it instead") });
    expect(await roleOf("owner@example.com")).toBe("member");

    const config = {
      ...testConfig(),
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, SESSION_SECRET: "t".repeat(40) }),
      webDist: "/nonexistent",
    };
    const server = await buildServer(config);
    try {
      const res = await server.app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email: "first@example.com", password: "a long and unusual passphrase" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ email: "first@example.com", accountRole: "admin" });
    } finally {
      await server.close();
    }
  });

  it("on PGlite, waits for the server to be stopped instead of opening its database twice", async () => {
    // A live process holds the directory (this test's own process stands in for the server).
    writeFileSync(path.join(dataDir, "pglite.lock"), String(process.ppid));
    try {
      const res = await admin(dataDir, "grant", "owner@example.com");
      expect(res.code).toBe(2);
      expect(res.out).toContain("Stop the server first");
    } finally {
      rmSync(path.join(dataDir, "pglite.lock"), { force: true });
    }
    expect(await roleOf("owner@example.com")).toBe("member");
  });
});
