import { delay, http, HttpResponse } from "msw";
import {
  PHRASE_PATHS,
  SAVED_PHRASES_MAX,
  type ErrorBody,
  type SavedPhrase,
  type SavedPhrases,
} from "@vicinity/contract";
import { fullPhrasesFixture, phrasesFixture } from "../fixtures/phrases";
import { registerMockReset } from "./resets";

const PHRASE = "/api/phrases/:id";

/** A member's phrases kept as the server would (save, remove), starting from `initial`. */
function stateful(initial: () => SavedPhrase[]) {
  let list = initial();
  registerMockReset(() => {
    list = initial();
  });
  return [
    http.get(PHRASE_PATHS.phrases, () => HttpResponse.json<SavedPhrases>({ phrases: list })),
    http.post(PHRASE_PATHS.phrases, async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      if (list.length >= SAVED_PHRASES_MAX)
        return HttpResponse.json<ErrorBody | SavedPhrase>(
          { message: `You can keep at most ${SAVED_PHRASES_MAX} saved phrases. Remove one first.` },
          { status: 400 },
        );
      const saved: SavedPhrase = {
        id: `7a1f0000-0000-4000-8000-${String(900 + list.length).padStart(12, "0")}`,
        text: text.trim(),
        createdAt: new Date().toISOString(),
      };
      list = [...list, saved];
      return HttpResponse.json<ErrorBody | SavedPhrase>(saved, { status: 201 });
    }),
    http.delete(PHRASE, ({ params }) => {
      list = list.filter((p) => p.id !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  ];
}

/** Saved phrases (issue 38 item 7), by scenario. */
export const phrasesHandlers = {
  /** Three phrases; saving and removing answered. */
  some: () => stateful(phrasesFixture),
  /** None yet. */
  none: () => stateful(() => []),
  /** The most there can be. */
  full: () => stateful(() => fullPhrasesFixture(SAVED_PHRASES_MAX)),
  loading: [
    http.get(PHRASE_PATHS.phrases, async () => {
      await delay("infinite");
      return HttpResponse.json({});
    }),
  ],
  failed: [
    http.get(PHRASE_PATHS.phrases, () =>
      HttpResponse.json<ErrorBody>({ message: "Service unavailable" }, { status: 503 }),
    ),
  ],
  /** The list loads; saving is refused as the server refuses a second copy. */
  saveRefused: [
    http.get(PHRASE_PATHS.phrases, () => HttpResponse.json<SavedPhrases>({ phrases: phrasesFixture() })),
    http.post(PHRASE_PATHS.phrases, () =>
      HttpResponse.json<ErrorBody>({ message: "You already saved this phrase." }, { status: 409 }),
    ),
  ],
  /** Removing fails (the network). */
  removeFails: [
    http.get(PHRASE_PATHS.phrases, () => HttpResponse.json<SavedPhrases>({ phrases: phrasesFixture() })),
    http.delete(PHRASE, () => HttpResponse.error()),
  ],
};
