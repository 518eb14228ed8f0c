import { setupServer } from "msw/node";
import { defaultHandlers } from "./handlers";

/** The same handlers for Vitest in Node. */
export const mockServer = setupServer(...defaultHandlers);
