import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerConfig } from "../config";

/**
 * The device cookie (OWASP's "device cookie" pattern): set on a browser
 * once a member signs in there, kept after he signs out, signed so nobody can make one up.
 * - Sign-in: a browser that holds his device cookie has its own failure count, so strangers
 *   guessing his password elsewhere never lock him out there.
 * - Blocks: a guest or visitor session on his browser still hides those in a block with him.
 */
export const DEVICE_COOKIE = "vicinity_device";
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface Device {
  userId: string;
  /** This browser's own random id: its failure count is kept by it. */
  nonce: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function macOf(secret: string, userId: string, nonce: string): string {
  return createHmac("sha256", secret).update(`device:${userId}.${nonce}`).digest("base64url");
}

export function readDevice(request: FastifyRequest, secret: string): Device | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value || value.length > 200) return null;
  const [userId, nonce, mac, ...rest] = value.split(".");
  if (rest.length > 0 || !userId || !nonce || !mac || !UUID.test(userId) || !/^[A-Za-z0-9_-]{16,32}$/.test(nonce))
    return null;
  const expected = Buffer.from(macOf(secret, userId, nonce));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, nonce };
}

/** Marks this browser as one the member signed in from (a fresh nonce when it was not his). */
export function writeDevice(request: FastifyRequest, reply: FastifyReply, config: ServerConfig, userId: string): void {
  const current = readDevice(request, config.sessionSecret);
  const nonce = current?.userId === userId ? current.nonce : randomBytes(12).toString("base64url");
  void reply.setCookie(DEVICE_COOKIE, `${userId}.${nonce}.${macOf(config.sessionSecret, userId, nonce)}`, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.env === "production",
    maxAge: DEVICE_MAX_AGE_S,
  });
}
