import path from "node:path";
import { loadConfig } from "../config";
import { DataDirInUseError } from "../db/database";
import { BackupError, backupDatabase, restoreDatabase } from "./backup";

/**
 * npm run db:backup -- FILE   /   npm run db:restore -- FILE
 * With the server's configuration (DATABASE_URL, or DATA_DIR for PGlite). Exit codes: 0 done,
 * 1 it failed (the reason is printed), 2 bad usage or the PGlite database is held by the server.
 */
const USAGE = "Usage: npm run db:backup -- FILE | npm run db:restore -- FILE";

async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  if ((command !== "backup" && command !== "restore") || !file || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, SEED_DEMO: "false", LOG_LEVEL: "silent" });
  const target = { databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir };
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.pgliteDir}`;
  const absolute = path.resolve(file);
  try {
    if (command === "backup") {
      const { bytes } = await backupDatabase(target, absolute);
      console.info(
        `Backed up ${where} to ${absolute} (${(bytes / 1024).toFixed(0)} KB). Pictures are under ${config.mediaDir}: copy that directory too.`,
      );
    } else {
      await restoreDatabase(target, absolute);
      console.info(`Restored ${absolute} into ${where}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}\nThen run this again and start the server.`);
      return 2;
    }
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main(process.argv.slice(2));
