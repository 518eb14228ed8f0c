import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { cn } from "../lib/cn";

/** The design tokens a series can be drawn in. */
export type SeriesTone = "accent" | "muted" | "success" | "foreground";
const STROKES: Record<SeriesTone, string> = {
  accent: "var(--accent)",
  muted: "var(--muted-foreground)",
  success: "var(--success)",
  foreground: "var(--foreground)",
};

export interface TrendSeries {
  /** The row's field it draws. */
  key: string;
  name: string;
  tone: SeriesTone;
  dashed?: boolean;
}

export type TrendRow = { label: string } & Record<string, number | string | null>;

export interface TrendChartProps {
  rows: readonly TrendRow[];
  series: readonly TrendSeries[];
  /** What the chart shows, for screen readers (its numbers are in the table beside it). */
  label: string;
  format?: (value: number) => string;
  height?: number;
  className?: string;
}

/** At most this many day labels under a chart (a 30-day chart labels every 5th day). */
const MAX_DAY_LABELS = 6;

const plain = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 1 });

/**
 * A line chart over days, on recharts, themed with the design tokens: the current
 * period in the accent colour, the previous one dashed beside it. It draws at once (no animation),
 * so a screenshot is the same every time. Its legend is HTML (ChartLegend), its numbers a table.
 */
export function TrendChart({ rows, series, label, format = plain, height = 220, className }: TrendChartProps) {
  return (
    <div role="img" aria-label={label} className={cn("w-full", className)} style={{ height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        <LineChart
          data={rows as TrendRow[]}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            tickLine={false}
            axisLine={{ stroke: "var(--border)" }}
            // Every n-th day, counted, not measured: recharts' own choice measures the labels' text,
            // which depends on when the font arrived, so two renders could label other days.
            interval={Math.max(0, Math.ceil(rows.length / MAX_DAY_LABELS) - 1)}
          />
          <YAxis
            tickFormatter={format}
            width={52}
            tick={{ fill: "var(--muted-foreground)", fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
          />
          <Tooltip
            isAnimationActive={false}
            contentStyle={{
              background: "var(--surface-raised)",
              border: "1px solid var(--border)",
              borderRadius: 8,
              color: "var(--foreground)",
              fontSize: 13,
            }}
            labelStyle={{ color: "var(--muted-foreground)" }}
            formatter={(value) => (typeof value === "number" ? format(value) : String(value ?? "–"))}
          />
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={STROKES[s.tone]}
              strokeWidth={s.dashed ? 1.5 : 2}
              strokeDasharray={s.dashed ? "5 4" : undefined}
              dot={false}
              activeDot={{ r: 4 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chart's key, as text beside small swatches. */
export function ChartLegend({ series, className }: { series: readonly TrendSeries[]; className?: string }) {
  return (
    <ul className={cn("flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground", className)} aria-label="Legend">
      {series.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <svg width="18" height="8" aria-hidden>
            <line
              x1="0"
              y1="4"
              x2="18"
              y2="4"
              stroke={STROKES[s.tone]}
              strokeWidth="2"
              strokeDasharray={s.dashed ? "5 3" : undefined}
            />
          </svg>
          {s.name}
        </li>
      ))}
    </ul>
  );
}
