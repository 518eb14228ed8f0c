import { controlCharacterMessage, findCharacter } from "@vicinity/contract";
import { badRequest, type HttpError } from "./errors";

/**
 * PostgreSQL cannot store U+0000 in text (nor in jsonb): a NUL that reached a query answered 500.
 * The contract refuses it field by field, but a field it forgot (an invitation's username, the
 * audit log's filters) let it through. So every JSON body and every query string is read for a
 * NUL before any route's handler runs, and refused with a 400 that names the field.
 */
export const NUL = "\u0000";
const NUL_PATTERN = new RegExp(NUL);

/** The contract's wording for the fields it names differently than their key. */
const LABELS: Record<string, string> = {
  note: "The note",
  password: "Passwords",
  newPassword: "Passwords",
  currentPassword: "Passwords",
};

/** A name from the request, cut short when it is long (it goes into the message). */
const shown = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/** "targetType" -> "Target type", "user_id" -> "User id": a body field's name as a person reads it (as the contract's messages do). */
export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = shown(key)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words === "" ? "A field" : words.charAt(0).toUpperCase() + words.slice(1);
}

/** The field a path names: its last key that is not a list's index ("interests.1" -> "interests"). */
const fieldOf = (path: readonly (string | number)[]) =>
  [...path].reverse().find((key): key is string => typeof key === "string" && !/^\d+$/.test(key));

/** The 400 for a JSON body with a NUL, or null when it has none. */
export function nulInBody(parsed: unknown, text: string): HttpError | null {
  // A NUL can only be written "\u0000" in JSON text (a raw one is not valid JSON): most bodies are
  // passed on without a walk.
  if (!text.includes("\\u0000")) return null;
  const found = findCharacter(parsed, NUL_PATTERN);
  if (!found) return null;
  if (found.inKey) return badRequest(controlCharacterMessage("Field names"));
  const field = fieldOf(found.path);
  return badRequest(controlCharacterMessage(field === undefined ? "The request body" : fieldLabel(field)));
}

/** The 400 for a query string with a NUL (in a name or a value), or null when it has none. */
export function nulInQuery(query: unknown): HttpError | null {
  if (query === null || typeof query !== "object") return null;
  for (const [key, value] of Object.entries(query)) {
    if (key.includes(NUL)) return badRequest(controlCharacterMessage("Query parameter names"));
    const values: unknown[] = Array.isArray(value) ? value : [value];
    // Named as written in the URL, as the contract's query messages do ("from must be a date").
    if (values.some((v) => typeof v === "string" && v.includes(NUL)))
      return badRequest(controlCharacterMessage(shown(key)));
  }
  return null;
}
