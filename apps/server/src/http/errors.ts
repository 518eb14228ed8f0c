import { z } from "zod";

/** An error with an HTTP status whose message a person can read; the error handler sends `{ message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More fields of the answer beside `message` (a sign-in's proof-of-work challenge). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "Sign in to continue") => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The first problem of a failed zod parse, phrased for a person ("latitude must be a number"). */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}`;
  if (issue.path.length === 0 && issue.code === "invalid_type") return "The request body must be a JSON object";
  const field = issue.path.join(".");
  const message = issue.message;
  if (!field || message.toLowerCase().startsWith(field.toLowerCase().split(".")[0] ?? "")) return message;
  if (/^(Invalid input|Invalid option)/.test(message)) return `${field}: ${message}`;
  return message;
}

/** Parses with a schema (classic zod or the contract's zod/mini) or throws a 400 with the first problem. */
export function parseOr400<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be an id at all (anything else reads "not found" without a query). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
