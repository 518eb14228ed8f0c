import * as z from "zod/mini";

/** Every 4xx/5xx answer of the API carries a readable message. */
export const errorBodySchema = z.object({ message: z.string().check(z.minLength(1)) });
export type ErrorBody = z.infer<typeof errorBodySchema>;
