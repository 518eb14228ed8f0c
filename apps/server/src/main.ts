import { buildServer } from "./app";
import { loadConfig } from "./config";
import { keepServingOnUncaughtErrors } from "./http/crash-guard";
import { baseMapData } from "./map/tiles";

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

// The base map's data (about a second to read, docs/decisions/0018) is read before the server takes
// requests, so that the first map never holds every other request up while it loads. Not needed
// when the tiles come from elsewhere (MAP_TILE_URL).
if (!config.mapTileUrl) {
  const started = performance.now();
  baseMapData();
  server.app.log.info(`base map data read in ${Math.round(performance.now() - started)} ms`);
}

await server.app.listen({ port: config.port, host: config.host });
