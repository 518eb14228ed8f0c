import * as z from "zod/mini";
import { plainText } from "./text";

/**
 * Saved phrases (issue 38 item 7): short texts a member keeps to reuse from the composer ("On my way", his usual
 * opener), as the peers' saved phrases. His alone; nobody else ever reads them.
 */

/** How many phrases a member keeps. */
export const SAVED_PHRASES_MAX = 20;
/** How long one may be. */
export const SAVED_PHRASE_MAX_LENGTH = 200;

export const PHRASE_PATHS = {
  /** GET: his phrases, oldest first; POST: save one. */
  phrases: "/api/phrases",
  /** DELETE: forget one. */
  phrase: (id: string) => `/api/phrases/${encodeURIComponent(id)}`,
} as const;

/** POST /api/phrases: the text, trimmed; plain text of 1 to SAVED_PHRASE_MAX_LENGTH characters. */
export const savePhraseRequestSchema = z.strictObject({
  text: plainText("text", { error: "text must be text" }).check(
    z.trim(),
    z.minLength(1, "Write the phrase first"),
    z.maxLength(SAVED_PHRASE_MAX_LENGTH, `A saved phrase can be at most ${SAVED_PHRASE_MAX_LENGTH} characters`),
  ),
});
export type SavePhraseRequest = z.infer<typeof savePhraseRequestSchema>;

export const savedPhraseSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });
export type SavedPhrase = z.infer<typeof savedPhraseSchema>;

/** GET /api/phrases */
export const savedPhrasesSchema = z.object({ phrases: z.array(savedPhraseSchema) });
export type SavedPhrases = z.infer<typeof savedPhrasesSchema>;
