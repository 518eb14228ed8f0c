import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config";

/**
 * Only the app itself may ask for the position; nothing may use the camera, microphone, payment
 * or USB APIs, and no page may put us in a cohort.
 */
export const PERMISSIONS_POLICY =
  "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()";

/**
 * Security headers on every response, through @fastify/helmet: a CSP with no
 * inline script, nosniff, frame-ancestors 'none', a Referrer-Policy, HSTS in production; and a
 * Permissions-Policy (helmet has none).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const production = config.env === "production";
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Styles: the built stylesheet, and the few style elements components insert (toasts).
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The base map's tiles: our own, or those of MAP_TILE_URL's server (docs/decisions/0018).
        imgSrc: ["'self'", "data:", "blob:", ...(config.mapTileOrigin ? [config.mapTileOrigin] : [])],
        fontSrc: ["'self'"],
        // The API and the socket are same-origin ('self' covers ws: and wss: to this host).
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", "blob:"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Pictures of other origins (map tiles, later) need no CORP of theirs.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    return payload;
  });
}
