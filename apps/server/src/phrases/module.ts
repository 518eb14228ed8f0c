import type { DomainModule } from "../http/module";
import { registerPhraseRoutes } from "./routes";

/** Saved phrases (issue 38 item 7): short texts a member reuses from the composer. */
export const phrasesModule: DomainModule = {
  name: "phrases",
  routes: { member: registerPhraseRoutes },
};
