import type { FastifyInstance } from "fastify";
import { PHRASE_PATHS, SAVED_PHRASES_MAX, savePhraseRequestSchema } from "@vicinity/contract";
import type { AppContext } from "../http/context";
import { sendOk } from "../http/context";
import { badRequest, conflict, isUuid, notFound, parseOr400 } from "../http/errors";
import { deletePhrase, phrasesOf, savePhrase } from "./service";

/** Saved phrases (issue 38 item 7): his own list, for the composer. */
export function registerPhraseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(PHRASE_PATHS.phrases, async (request) => ({ phrases: await phrasesOf(db, request.member.id) }));

  app.post(PHRASE_PATHS.phrases, async (request, reply) => {
    const { text } = parseOr400(savePhraseRequestSchema, request.body);
    const saved = await savePhrase(db, request.member.id, text);
    if (saved === "full")
      throw badRequest(`You can keep at most ${SAVED_PHRASES_MAX} saved phrases. Remove one first.`);
    if (saved === "twice") throw conflict("You already saved this phrase.");
    return reply.status(201).send(saved);
  });

  app.delete<{ Params: { id: string } }>("/api/phrases/:id", async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id) || !(await deletePhrase(db, request.member.id, id))) throw notFound("Phrase not found");
    return sendOk(reply);
  });
}
