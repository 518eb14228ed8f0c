import { useId, useState } from "react";
import { Download, Table2 } from "lucide-react";
import {
  Button,
  buttonVariants,
  Card,
  cn,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@vicinity/ui";
import { ChartLegend, TrendChart, type TrendRow, type TrendSeries } from "@vicinity/ui/charts";
import { csvHref, toCsv } from "../../model/csv";

/** One day of a chart: this period's day and value, and the same day of the period before. */
export interface ChartPoint {
  date: string;
  value: number | null;
  previousDate: string;
  previous: number | null;
}

/** How today's point is named: its day is not over, so its value is no drop. */
export const TODAY_SO_FAR = "Today so far";

const SHORT = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
export const shortDay = (date: string) => SHORT.format(new Date(`${date}T00:00:00Z`));

export interface ChartCardProps {
  title: string;
  points: readonly ChartPoint[];
  /** How a value is written (axis, tooltip, table). */
  format: (value: number) => string;
  /** The CSV file's name, without its range and extension ("sign-ups"). */
  fileName: string;
  previousLabel: string;
  /** Starts with its table shown (a story). */
  defaultTable?: boolean;
  /**
   * The last point is today, counted until now: the line stops the day before and a dashed segment, named
   * "Today so far", goes on to it, so that a day not over is not read as a fall.
   */
  todaySoFar?: boolean;
}

/**
 * A chart of the page with its accessible alternative, for whoever cannot read the chart: the same numbers as a
 * table, shown on demand, and as a CSV download.
 */
export function ChartCard({
  title,
  points,
  format,
  fileName,
  previousLabel,
  defaultTable = false,
  todaySoFar = false,
}: ChartCardProps) {
  const [table, setTable] = useState(defaultTable);
  const tableId = useId();
  const headingId = useId();
  const series: TrendSeries[] = [
    { key: "current", name: "This period", tone: "accent" },
    ...(todaySoFar ? [{ key: "today", name: TODAY_SO_FAR, tone: "accent", dashed: true } as const] : []),
    {
      key: "previous",
      name: `${previousLabel[0]!.toUpperCase()}${previousLabel.slice(1)}`,
      tone: "muted",
      dashed: true,
    },
  ];
  const lastIndex = points.length - 1;
  // Today's value is drawn only by its own dashed segment, from the day before (so that the two lines meet).
  const rows: TrendRow[] = points.map((p, i) => ({
    label: shortDay(p.date),
    current: todaySoFar && i === lastIndex ? null : p.value,
    ...(todaySoFar ? { today: i >= lastIndex - 1 ? p.value : null } : {}),
    previous: p.previous,
  }));
  const first = points[0]?.date ?? "";
  const last = points[points.length - 1]?.date ?? "";
  const csv = toCsv(
    ["Day", title, "Day before", `${title} (before)`],
    points.map((p) => [p.date, p.value, p.previousDate, p.previous]),
  );
  return (
    <Card asChild className="grid content-start gap-3 p-4">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <h3 id={headingId} className="font-semibold">
              {title}
            </h3>
            <ChartLegend series={series} />
          </div>
          <div className="flex gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={table}
              aria-controls={tableId}
              onClick={() => setTable((t) => !t)}
            >
              <Table2 aria-hidden /> {table ? "Hide the table" : "Show the table"}
            </Button>
            <a
              className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}
              href={csvHref(csv)}
              download={`${fileName}-${first}-to-${last}.csv`}
            >
              <Download aria-hidden /> CSV<span className="sr-only"> of {title.toLowerCase()}</span>
            </a>
          </div>
        </div>
        <TrendChart
          rows={rows}
          series={series}
          format={format}
          label={`${title}, day by day, this period against ${previousLabel}${todaySoFar ? `; the last day is ${TODAY_SO_FAR.toLowerCase()}` : ""}`}
        />
        <div id={tableId} hidden={!table}>
          {table ? (
            <Table label={`${title}, day by day`} aria-label={`${title}, day by day`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Day</TableHead>
                  <TableHead className="text-right">This period</TableHead>
                  <TableHead>Day before</TableHead>
                  <TableHead className="text-right">Before</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {points.map((p, i) => (
                  <TableRow key={p.date}>
                    <TableCell>
                      {shortDay(p.date)}
                      {todaySoFar && i === lastIndex ? (
                        <span className="block text-xs text-muted-foreground"> ({TODAY_SO_FAR.toLowerCase()})</span>
                      ) : null}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {p.value === null ? "–" : format(p.value)}
                    </TableCell>
                    <TableCell className="text-muted-foreground">{shortDay(p.previousDate)}</TableCell>
                    <TableCell className="text-right text-muted-foreground tabular-nums">
                      {p.previous === null ? "–" : format(p.previous)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : null}
        </div>
      </section>
    </Card>
  );
}
