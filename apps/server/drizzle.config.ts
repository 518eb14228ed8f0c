import { defineConfig } from "drizzle-kit";

/** `npm run db:generate -w @vicinity/server` writes a new versioned migration from the schema. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./src/db/migrations",
});
