import { AnalyticsPage } from "@vicinity/features/admin";

/** /admin/analytics (issue 15): its own chunk, with the charts library in it. */
export function AdminAnalyticsRoute() {
  return <AnalyticsPage />;
}
