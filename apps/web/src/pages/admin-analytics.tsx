import { AnalyticsPage } from "@vicinity/features/admin";

/** /admin/analytics: its own chunk, with the charts library in it. */
export function AdminAnalyticsRoute() {
  return <AnalyticsPage />;
}
