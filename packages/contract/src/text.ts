import * as z from "zod/mini";

/**
 * Characters no text field accepts: C0 controls but tab, line feed and carriage
 * return, DEL, and the C1 controls. PostgreSQL refuses NUL in text, and none of them is anything a
 * person types.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Characters that make a name show blank or reversed: zero-width spaces and joiners, the bidi
 * embeddings, overrides and isolates, the word joiner, invisible operators and the BOM.
 */
// Each is matched on its own on purpose, the combining grapheme joiner and the joiners included.
export const INVISIBLE_OR_BIDI_CHARACTER =
  // eslint-disable-next-line no-misleading-character-class
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]/;

export const CONTROL_CHARACTER_MESSAGE = "Text can't contain control characters";

/** Where a pattern matched in a parsed JSON value: the keys down to it, and whether it was in a key itself. */
export interface CharacterFound {
  path: readonly (string | number)[];
  inKey: boolean;
}

/**
 * The first string or key of a parsed JSON value that `pattern` matches, or null. Walks
 * iteratively, so a deeply nested value cannot exhaust the stack; after `limit` values it gives up
 * (null).
 */
export function findCharacter(value: unknown, pattern: RegExp, limit = Infinity): CharacterFound | null {
  const stack: Array<{ value: unknown; path: readonly (string | number)[] }> = [{ value, path: [] }];
  let visited = 0;
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    visited += 1;
    if (visited > limit) return null;
    if (typeof current === "string") {
      if (pattern.test(current)) return { path, inKey: false };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (current && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        if (pattern.test(key)) return { path, inKey: true };
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/**
 * The first control character anywhere in a parsed JSON value (keys included), as a path for the
 * error message ("a.b[1]"), or null.
 */
export function findControlCharacter(value: unknown): string | null {
  // Bounded: the body limit keeps real input far below this.
  const found = findCharacter(value, CONTROL_CHARACTER, 100_000);
  if (!found) return null;
  const path = found.path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
  return path || (found.inKey ? "a field name" : "value");
}

/**
 * Half of a surrogate pair standing alone: JSON can carry it ("\ud800") but it is no character, and
 * the database would keep a replacement character instead.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The joiners that are part of what a person types, not a trick: the zero-width joiner inside an
 * emoji sequence (🏳️‍🌈, 👨‍👩‍👦, 👩🏽‍💻), and the zero-width non-joiner and joiner between letters of the
 * scripts that spell with them (Persian and the other Arabic-script languages, the Indic scripts).
 */
const JOINING_SCRIPT =
  "\\p{sc=Arabic}\\p{sc=Syriac}\\p{sc=Devanagari}\\p{sc=Bengali}\\p{sc=Gurmukhi}\\p{sc=Gujarati}\\p{sc=Oriya}\\p{sc=Tamil}\\p{sc=Telugu}\\p{sc=Kannada}\\p{sc=Malayalam}\\p{sc=Sinhala}";
const WORD_JOINER = new RegExp(
  `(?<=[\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\uFE0F])\\u200D(?=\\p{Extended_Pictographic})|(?<=[${JOINING_SCRIPT}]\\p{M}*)[\\u200C\\u200D](?=[${JOINING_SCRIPT}])`,
  "gu",
);

/** Whether a name holds an invisible or direction-changing character (the joiners of emoji and of joining scripts aside). */
export function hasInvisibleCharacter(value: string): boolean {
  return INVISIBLE_OR_BIDI_CHARACTER.test(value.replace(WORD_JOINER, ""));
}

/** What a name needs at least one of to be seen: a letter, digit, symbol or punctuation (not the blank braille pattern). */
const VISIBLE_CHARACTER = /(?!\u2800)[\p{L}\p{N}\p{S}\p{P}]/u;

export const controlCharacterMessage = (field: string) => `${field} can't contain control characters`;
export const brokenCharacterMessage = (field: string) => `${field} can't contain invalid characters`;
export const invisibleCharacterMessage = (field: string) =>
  `${field} can't contain invisible or direction-changing characters`;
export const blankNameMessage = (field: string) => `${field} needs at least one visible character`;

/**
 * The checks of every text field: no control character (tab, line feed and carriage return are
 * fine) and no broken surrogate. For `.check(...)`; after `z.trim()` on the fields that trim.
 */
export const noControlCharacters = (field: string) => [
  z.refine<string>((value) => !CONTROL_CHARACTER.test(value), { error: controlCharacterMessage(field), abort: true }),
  z.refine<string>((value) => !LONE_SURROGATE.test(value), { error: brokenCharacterMessage(field), abort: true }),
];

/** The further checks of a name other members see: nothing invisible or turning the text around, and something to see. */
export const visibleName = (field: string) => [
  z.refine<string>((value) => !hasInvisibleCharacter(value), { error: invisibleCharacterMessage(field), abort: true }),
  // Empty is the field's own rule (required, or "clears it"); this refuses a name of blanks alone.
  z.refine<string>((value) => value === "" || VISIBLE_CHARACTER.test(value), {
    error: blankNameMessage(field),
    abort: true,
  }),
];

type TextParams = Parameters<typeof z.string>[0];

/** Text as a person types it (a bio, a message): tabs and line breaks kept, control characters refused. */
export const plainText = (field: string, params?: TextParams) => z.string(params).check(...noControlCharacters(field));

/** A name (first or display name): trimmed, plain text, nothing invisible or direction-changing, not blank. */
export const nameText = (field: string, params?: TextParams) =>
  z.string(params).check(z.trim(), ...noControlCharacters(field), ...visibleName(field));

/**
 * A whole number with thousands separators, as "en-US" writes it ("2,000", "100,000,000"), without
 * Intl: the contract's messages are built when its modules load, and a first toLocaleString
 * starts the ICU formatter, about 20 ms of a phone's first load (bench/lighthouse/profile.ts
 * found it in the messages module's evaluation).
 */
export function withThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return n < 0 ? `-${digits}` : digits;
}
