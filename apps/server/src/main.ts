import { buildServer } from "./app";
import { loadConfig } from "./config";
import { keepServingOnUncaughtErrors } from "./http/crash-guard";

const config = loadConfig();
const server = await buildServer(config);
keepServingOnUncaughtErrors(process, server.app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  server.app.log.info({ signal }, "shutting down");
  await server.close();
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));

await server.app.listen({ port: config.port, host: config.host });
