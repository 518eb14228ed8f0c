import { ApiError } from "@vicinity/features/shared";

/**
 * /auth (spec section 8): the server's `message` field when the server answered, the fallback
 * when it answered without one, and the network text when it could not be reached (or answered
 * something that is not what the call returns).
 */
export function formErrorText(error: unknown, texts: { fallback: string; network: string }): string {
  if (error instanceof ApiError) return error.serverMessage ?? texts.fallback;
  return texts.network;
}

/**
 * /join (spec section 8): "the server's text", i.e. its `message` field or a plain-text body,
 * else the fallback. An HTML error page (a proxy's, say) is no text for a person.
 */
export function serverTextOr(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  const body = error.body.trim();
  const looksStructured = body.startsWith("{") || body.startsWith("[") || body.startsWith("<");
  return body && !looksStructured ? body : fallback;
}
