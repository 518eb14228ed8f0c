import type { FastifyReply } from "fastify";
import type { ServerConfig } from "../config";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from "./sessions";

/** The session's cookie: HTTP only, same-site lax, secure in production, as long as the session may live. */
export function writeSessionCookie(reply: FastifyReply, config: ServerConfig, token: string) {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.env === "production",
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function removeSessionCookie(reply: FastifyReply, config: ServerConfig) {
  void reply.clearCookie(SESSION_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.env === "production",
  });
}
