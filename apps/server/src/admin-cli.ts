import { loadConfig } from "./config";
import { DataDirInUseError, openDatabase } from "./db/database";
import { createAdmin, setAdmin } from "./users/admins";

/**
 * npm run admin -- grant EMAIL | revoke EMAIL | create EMAIL (the password from ADMIN_PASSWORD)
 * Uses the server's configuration (DATA_DIR or DATABASE_URL). Exit codes: 0 done (or nothing to
 * change), 1 no such account, 2 bad usage or the database is held by the running server (PGlite).
 */
const USAGE = "Usage: npm run admin -- grant EMAIL | revoke EMAIL | create EMAIL (with ADMIN_PASSWORD set)";

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (
    (command !== "grant" && command !== "revoke" && command !== "create") ||
    !email ||
    rest.length > 0 ||
    !email.includes("@")
  ) {
    console.error(USAGE);
    return 2;
  }
  const password = process.env.ADMIN_PASSWORD ?? "";
  if (command === "create" && !password) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: "false", LOG_LEVEL: "silent" });
  let database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}\nThen run this again and start the server.`);
      return 2;
    }
    throw error;
  }
  try {
    if (command === "create") {
      const made = await createAdmin(database.db, email, password);
      if (made.created) console.info(`${email} is an admin: sign in with that address and ADMIN_PASSWORD.`);
      else console.error(made.problem);
      return made.created ? 0 : 1;
    }
    const result = await setAdmin(database.db, email, command === "grant");
    const messages = {
      granted: `${email} is now an admin. He sees the Admin badge at his next page load.`,
      revoked: `${email} is no longer an admin.`,
      unchanged: command === "grant" ? `${email} was already an admin.` : `${email} was not an admin.`,
      "no such account": `No account has the address ${email}. The member must register first.`,
      "address not confirmed": `${email} has not confirmed his address yet: he must open the link we mailed him (or send it again from the banner) before he can be an admin.`,
    } as const;
    const failed = result === "no such account" || result === "address not confirmed";
    (failed ? console.error : console.info)(messages[result]);
    return failed ? 1 : 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
