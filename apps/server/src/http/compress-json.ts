import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this are sent as they are (the headers would eat the gain). */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The API's JSON answers, compressed when the browser accepts it (the nearby
 * answer was 25 KB on the wire). Brotli at a fast quality, else gzip; only JSON (pictures and the
 * pre-compressed build files are not touched), only responses (a compressed request body is
 * never inflated: no zip bombs), and `Vary: Accept-Encoding` for caches.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader("content-type") ?? "");
    if (!type.startsWith("application/json") || reply.getHeader("content-encoding")) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    void reply.header("vary", "Accept-Encoding");
    if (!encoding) return payload;
    const body =
      encoding === "br"
        ? brotliCompressSync(payload, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_SIZE_HINT]: size },
          })
        : gzipSync(payload, { level: 6 });
    void reply.header("content-encoding", encoding).removeHeader("content-length");
    return body;
  });
}
