import { loadConfig } from "../config";
import { openDatabase } from "../db/database";
import { seedDemoMembersIfEmpty } from "./seed";
import { DirectoryMediaStore } from "../media/store";

/** npm run db:seed: demo members into an empty database (the app command does the same at start). */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
const created = await seedDemoMembersIfEmpty(database.db, new DirectoryMediaStore(config.mediaDir));
console.info(created > 0 ? `Seeded ${created} demo members.` : "The database already has members; nothing seeded.");
await database.close();
