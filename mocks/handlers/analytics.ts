import { delay, http, HttpResponse } from "msw";
import type { ErrorBody } from "@vicinity/contract";
import { ANALYTICS_PATH, analyticsQuerySchema } from "@vicinity/contract/analytics";
import { analyticsFixture } from "../fixtures/analytics";

const fail = (status: number, message: string) => HttpResponse.json<ErrorBody>({ message }, { status });

/** MSW handlers for the analytics stories: the query checked as the server checks it. */
/** The report over the stories' community, its last day counted up to `lastDayShare` of it. */
const report = (lastDayShare = 1) =>
  http.get(ANALYTICS_PATH, ({ request }) => {
    const parsed = analyticsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? "Invalid query");
    return HttpResponse.json(analyticsFixture(parsed.data, lastDayShare));
  });

export const analyticsHandlers = {
  report: [report()],
  /** At noon: the last day (today) has half of its activity so far. */
  todaySoFar: [report(0.5)],
  loading: [
    http.get(ANALYTICS_PATH, async () => {
      await delay("infinite");
      return fail(503, "never");
    }),
  ],
  error: [http.get(ANALYTICS_PATH, () => fail(503, "The analytics are unavailable right now. Try again in a moment."))],
};
