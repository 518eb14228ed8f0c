import { describe, expect, it } from "vitest";
import {
  PHRASE_PATHS,
  SAVED_PHRASE_MAX_LENGTH,
  SAVED_PHRASES_MAX,
  savedPhrasesSchema,
  type SavedPhrase,
} from "@vicinity/contract";
import { eq } from "drizzle-orm";
import { savedPhrases } from "../db/schema";
import {
  apiCaller,
  guestCookie,
  registerMember,
  STRONG_PASSWORD,
  testEngines,
  useListeningServer,
} from "../test/harness";

/** Issue 38 item 7: short texts a member keeps for the composer. */
describe.each(testEngines())("saved phrases (%s)", (engine) => {
  const t = useListeningServer(engine);
  const call = apiCaller(() => t.server);
  const listOf = async (cookie: string) =>
    savedPhrasesSchema.parse((await call("GET", PHRASE_PATHS.phrases, cookie)).json()).phrases.map((p) => p.text);

  it("saves, lists in the order saved, and forgets his phrases; they are his alone", async () => {
    const sam = await registerMember(t.server, "sam@example.com");
    const kai = await registerMember(t.server, "kai@example.com");
    expect(await listOf(sam.cookie)).toEqual([]);
    const first = await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: "  On my way  " });
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json() as SavedPhrase;
    expect(saved.text).toBe("On my way");
    expect((await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: "Hey, how's it going?" })).statusCode).toBe(
      201,
    );
    expect(await listOf(sam.cookie)).toEqual(["On my way", "Hey, how's it going?"]);
    // Kai sees none of them, and cannot forget them.
    expect(await listOf(kai.cookie)).toEqual([]);
    const his = await call("DELETE", PHRASE_PATHS.phrase(saved.id), kai.cookie);
    expect(his.statusCode).toBe(404);
    expect(his.json().message).toBe("Phrase not found");
    expect(await listOf(sam.cookie)).toHaveLength(2);
    // Sam forgets one; a second time is "not found".
    expect((await call("DELETE", PHRASE_PATHS.phrase(saved.id), sam.cookie)).statusCode).toBe(200);
    expect(await listOf(sam.cookie)).toEqual(["Hey, how's it going?"]);
    expect((await call("DELETE", PHRASE_PATHS.phrase(saved.id), sam.cookie)).statusCode).toBe(404);
    expect((await call("DELETE", "/api/phrases/not-an-id", sam.cookie)).statusCode).toBe(404);
  });

  it("refuses bad text, a phrase twice and more than 20, and stores nothing; visitors and guests have none", async () => {
    const sam = await registerMember(t.server, "sam2@example.com");
    for (const [payload, message] of [
      [{ text: "   " }, "Write the phrase first"],
      [
        { text: "x".repeat(SAVED_PHRASE_MAX_LENGTH + 1) },
        `A saved phrase can be at most ${SAVED_PHRASE_MAX_LENGTH} characters`,
      ],
      [{ text: "bell\u0007" }, undefined],
      [{ text: 42 }, undefined],
      [{}, undefined],
      [{ text: "ok", extra: 1 }, undefined],
    ] as const) {
      const res = await call("POST", PHRASE_PATHS.phrases, sam.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    expect(await listOf(sam.cookie)).toEqual([]);

    expect((await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: "Same" })).statusCode).toBe(201);
    const twice = await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: " Same " });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("You already saved this phrase.");
    for (let i = 1; i < SAVED_PHRASES_MAX; i++)
      expect((await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: `Phrase ${i}` })).statusCode).toBe(201);
    const full = await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: "One more" });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(`You can keep at most ${SAVED_PHRASES_MAX} saved phrases. Remove one first.`);
    expect(await listOf(sam.cookie)).toHaveLength(SAVED_PHRASES_MAX);

    expect((await call("GET", PHRASE_PATHS.phrases)).statusCode).toBe(401);
    expect((await call("GET", PHRASE_PATHS.phrases, await guestCookie(t.server))).statusCode).toBe(403);
  });

  it("are in his data export and go with his account", async () => {
    const sam = await registerMember(t.server, "sam3@example.com");
    await call("POST", PHRASE_PATHS.phrases, sam.cookie, { text: "Running late" });
    const exported = (await call("GET", "/api/users/export", sam.cookie)).json() as {
      savedPhrases: Array<{ text: string }>;
    };
    expect(exported.savedPhrases.map((p) => p.text)).toEqual(["Running late"]);
    const gone = await call("DELETE", "/api/users/account", sam.cookie, { password: STRONG_PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = await t.database.db.select().from(savedPhrases).where(eq(savedPhrases.userId, sam.id));
    expect(left).toEqual([]);
  });
});
