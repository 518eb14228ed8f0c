import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { BarChart3 } from "lucide-react";
import {
  analyticsFigures,
  todayIn,
  type Analytics,
  type AnalyticsDay,
  type Figure,
  type FigureId,
} from "@vicinity/contract/analytics";
import { EmptyState } from "@vicinity/ui";
import { useAnalytics } from "../../api/analytics";
import {
  previousText,
  rangeFromSearch,
  rangeText,
  resolveRange,
  searchOf,
  type RangeChoice,
} from "../../model/analytics-range";
import { LoadFailed, LoadingRows } from "../admin-states";
import { ChartCard, type ChartPoint } from "./chart-card";
import { CohortGrid } from "./cohort-grid";
import { FigureCard, formatValue } from "./figure-card";
import { FunnelChart } from "./funnel-chart";
import { RangePicker } from "./range-picker";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
export const NO_ACTIVITY = "No activity in this range";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const oneDecimal = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });

/** The page's sections: their figures and their charts (a day's value from its row). */
const SECTIONS: Array<{
  title: string;
  figures: FigureId[];
  charts: Array<{
    title: string;
    fileName: string;
    value: (d: AnalyticsDay) => number | null;
    format: (n: number) => string;
  }>;
}> = [
  {
    title: "Community",
    figures: ["signups", "dau", "wau", "mau", "stickiness"],
    charts: [
      { title: "Sign-ups", fileName: "sign-ups", value: (d) => d.signups, format: count },
      { title: "Daily active members", fileName: "daily-active-members", value: (d) => d.dau, format: count },
    ],
  },
  {
    title: "Conversations",
    figures: ["messages", "replyRate"],
    charts: [{ title: "Messages sent", fileName: "messages", value: (d) => d.messages, format: count }],
  },
  {
    title: "Events and groups",
    figures: ["eventsHosted", "rsvps", "groupsJoined"],
    charts: [{ title: "RSVPs", fileName: "rsvps", value: (d) => d.rsvps, format: count }],
  },
  {
    title: "Safety",
    figures: ["reports", "reportsPer1000", "blocks", "blocksPer1000"],
    charts: [
      {
        title: "Reports per 1,000 active members",
        fileName: "reports-per-1000",
        value: (d) => (d.dau > 0 ? (d.reports / d.dau) * 1000 : null),
        format: oneDecimal,
      },
    ],
  },
  {
    title: "Ads",
    figures: ["adImpressions", "adClicks", "ctr"],
    charts: [{ title: "Ad impressions", fileName: "ad-impressions", value: (d) => d.adImpressions, format: count }],
  },
];

const isQuiet = (days: readonly AnalyticsDay[]) =>
  days.every((d) => Object.entries(d).every(([k, v]) => k === "date" || v === 0));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `analytics-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface AnalyticsViewProps {
  data: Analytics;
  /** A new range is on its way (the last answer stays meanwhile). */
  updating?: boolean;
  /** The time it is (stories pin it): a range that ends today has that day counted only so far. */
  now?: number;
}

/** The figures, charts, funnel and retention grid of one answer. */
export function AnalyticsView({ data, updating = false, now }: AnalyticsViewProps) {
  const previousLabel = previousText(data.range.from, data.range.to);
  const figures = new Map<FigureId, Figure>(analyticsFigures(data).map((f) => [f.id, f]));
  if (isQuiet(data.days) && isQuiet(data.previousDays)) {
    return (
      <EmptyState
        icon={<BarChart3 />}
        title={NO_ACTIVITY}
        description="Nothing was recorded in these days or the ones before them. Choose another range."
      />
    );
  }
  // The days are the admin's (range.tz): the last one is today's until midnight there.
  const todaySoFar = data.range.to === todayIn(data.range.tz, now);
  const points = (value: (d: AnalyticsDay) => number | null): ChartPoint[] =>
    data.days.map((d, i) => {
      const p = data.previousDays[i];
      return { date: d.date, value: value(d), previousDate: p?.date ?? "", previous: p ? value(p) : null };
    });
  return (
    <div className={`grid gap-8 transition-opacity ${updating ? "opacity-60" : ""}`} aria-busy={updating || undefined}>
      {SECTIONS.map((section) => (
        <Section key={section.title} title={section.title}>
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            {section.figures.map((id) => (
              <FigureCard key={id} figure={figures.get(id)!} previousLabel={previousLabel} />
            ))}
          </dl>
          <div className="grid gap-3 lg:grid-cols-2">
            {section.charts.map((c) => (
              <ChartCard
                key={c.title}
                title={c.title}
                fileName={c.fileName}
                points={points(c.value)}
                format={c.format}
                previousLabel={previousLabel}
                todaySoFar={todaySoFar}
              />
            ))}
          </div>
        </Section>
      ))}
      <Section title="From sign-up to a first reply">
        <FunnelChart funnel={data.funnel} previous={data.previousFunnel} previousLabel={previousLabel} />
      </Section>
      <Section title="Retention">
        <CohortGrid cohorts={data.cohorts} />
      </Section>
    </div>
  );
}

export interface AnalyticsPageProps {
  /** The admin's time zone (his browser's); stories pin it. */
  timeZone?: string;
  now?: number;
}

/** /admin/analytics: the community's health over a range, against the period before it. */
export function AnalyticsPage({ timeZone = browserTimeZone(), now }: AnalyticsPageProps) {
  const [params, setParams] = useSearchParams();
  const choice = rangeFromSearch(params);
  const range = resolveRange(choice, timeZone, now);
  const analytics = useAnalytics({ ...range, tz: timeZone });
  const choose = (next: RangeChoice) => setParams(new URLSearchParams(searchOf(next).slice(1)));
  const updated = analytics.data?.rolledUpAt ? new Date(analytics.data.rolledUpAt) : null;
  return (
    <section className="grid gap-6" aria-labelledby="admin-analytics-title">
      <div className="grid gap-1">
        <h1 id="admin-analytics-title" className="font-display text-2xl font-bold">
          Analytics
        </h1>
        <p className="text-sm text-muted-foreground">
          {rangeText(range.from, range.to)} against {previousText(range.from, range.to)} · days in {timeZone}
          {updated
            ? ` · counted at ${updated.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone })}`
            : ""}
        </p>
      </div>
      <RangePicker
        key={searchOf(choice)}
        choice={choice}
        range={range}
        timeZone={timeZone}
        onChoose={choose}
        now={now}
      />
      {analytics.isPending ? (
        <LoadingRows label="Loading the analytics" rows={3} className="h-40" />
      ) : analytics.isError ? (
        <LoadFailed
          title="Could not load the analytics"
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
        />
      ) : (
        <>
          {analytics.isFetching && analytics.isPlaceholderData ? (
            <p role="status" className="sr-only">
              Loading the new range
            </p>
          ) : null}
          <AnalyticsView data={analytics.data} updating={analytics.isPlaceholderData} now={now} />
        </>
      )}
    </section>
  );
}

export { formatValue };
