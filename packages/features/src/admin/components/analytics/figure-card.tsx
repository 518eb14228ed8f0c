import { ArrowDownRight, ArrowUpRight, Minus } from "lucide-react";
import { changeOf, type Figure } from "@vicinity/contract/analytics";
import { Card, cn } from "@vicinity/ui";

/** A figure as the page writes it: whole numbers, shares in %, rates to one decimal; "–" for nothing to show. */
export function formatValue(value: number | null, format: Figure["format"]): string {
  if (value === null) return "–";
  if (format === "ratio") return `${(value * 100).toFixed(1)}%`;
  if (format === "rate") return value.toFixed(1);
  return Math.round(value).toLocaleString("en-US");
}

/** The change against the previous period: an arrow, the share, green when it is good news. */
export function ChangeNote({ figure, previousLabel }: { figure: Figure; previousLabel: string }) {
  const change = changeOf(figure);
  if (change === null) {
    return <span className="text-xs text-muted-foreground">No {previousLabel.replace(/^the /, "")} to compare</span>;
  }
  const percent = Math.abs(change * 100);
  const shown = percent < 10 && percent !== 0 ? percent.toFixed(1) : Math.round(percent).toString();
  if (shown === "0" || shown === "0.0") {
    return (
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        <Minus className="size-3.5" aria-hidden /> Same as {previousLabel}
      </span>
    );
  }
  const up = change > 0;
  const good = up === figure.higherIsBetter;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn("flex items-center gap-1 text-xs font-medium", good ? "text-success" : "text-destructive-text")}
    >
      <Icon className="size-3.5" aria-hidden />
      <span>
        <span className="sr-only">{up ? "Up" : "Down"} </span>
        {shown}%<span className="font-normal text-muted-foreground"> vs {previousLabel.replace(/^the /, "")}</span>
      </span>
    </span>
  );
}

/** One figure of the page, with its value before. */
export function FigureCard({ figure, previousLabel }: { figure: Figure; previousLabel: string }) {
  return (
    <Card className="grid content-start gap-1 p-4">
      <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
      <dd className="font-display text-2xl font-bold tabular-nums" data-figure={figure.id}>
        {formatValue(figure.value, figure.format)}
      </dd>
      <dd>
        <ChangeNote figure={figure} previousLabel={previousLabel} />
      </dd>
      <dd className="text-xs text-muted-foreground tabular-nums">
        Before: {formatValue(figure.previous, figure.format)}
      </dd>
    </Card>
  );
}
