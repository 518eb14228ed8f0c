import { cn } from "@vicinity/ui";

export interface DailyChartProps {
  /** Days in order, "YYYY-MM-DD". */
  days: ReadonlyArray<{ day: string; value: number }>;
  /** What is counted ("Impressions"): the chart's name and its table's header. */
  label: string;
  className?: string;
}

const W = 600;
const H = 160;
const PAD = { top: 8, right: 8, bottom: 22, left: 40 };

/** A round axis top: 1, 2, 5 times a power of ten, at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= value)!;
}

const shortDay = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * Figures per day as bars: a plain SVG (no chart library in the admin's chunks), with the same
 * figures in a table for screen readers.
 */
export function DailyChart({ days, label, className }: DailyChartProps) {
  const top = niceMax(Math.max(0, ...days.map((d) => d.value)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = days.length > 0 ? plotW / days.length : plotW;
  const bar = Math.max(2, Math.min(28, step * 0.7));
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <figure className={cn("grid gap-1", className)}>
      <figcaption className="text-sm font-semibold">{label} per day</figcaption>
      {days.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
          No figures yet: they appear from the campaign&apos;s first day.
        </p>
      ) : (
        <>
          <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" aria-hidden data-testid="daily-chart">
            {[0, 0.5, 1].map((f) => {
              const y = PAD.top + plotH * (1 - f);
              return (
                <g key={f}>
                  <line
                    x1={PAD.left}
                    x2={W - PAD.right}
                    y1={y}
                    y2={y}
                    className="stroke-border"
                    strokeDasharray={f === 0 ? undefined : "3 3"}
                  />
                  <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
                    {(top * f).toLocaleString("en-US")}
                  </text>
                </g>
              );
            })}
            {days.map((d, i) => {
              const h = (d.value / top) * plotH;
              const x = PAD.left + step * i + (step - bar) / 2;
              return (
                <g key={d.day}>
                  <rect
                    x={x}
                    y={PAD.top + plotH - h}
                    width={bar}
                    height={h}
                    rx={2}
                    className="fill-accent"
                    data-value={d.value}
                  />
                  {i % labelEvery === 0 ? (
                    <text x={x + bar / 2} y={H - 6} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                      {shortDay(d.day)}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </svg>
          <table className="sr-only">
            <caption>{label} per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">{label}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{shortDay(d.day)}</th>
                  <td>{d.value.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
