import { Download } from "lucide-react";
import type { Analytics } from "@vicinity/contract/analytics";
import { buttonVariants, cn, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@vicinity/ui";
import { csvHref, toCsv } from "../../model/csv";
import { shortDay } from "./chart-card";

const share = (active: number, size: number) => (size > 0 ? active / size : null);
const percent = (s: number | null) => (s === null ? "–" : `${Math.round(s * 100)}%`);

/**
 * The retention grid: each sign-up week's members, and the share of them active
 * (opened the app or sent a message) in each week after. A week that has not begun is left blank.
 */
export function CohortGrid({ cohorts }: { cohorts: Analytics["cohorts"] }) {
  const weeks = Math.max(0, ...cohorts.map((c) => c.active.length));
  const header = ["Sign-up week", "Members", ...Array.from({ length: weeks }, (_, i) => `Week ${i}`)];
  const csv = toCsv(
    header,
    cohorts.map((c) => [
      c.week,
      c.size,
      ...Array.from({ length: weeks }, (_, i) => (i < c.active.length ? share(c.active[i]!, c.size) : null)),
    ]),
  );
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Share of each sign-up week’s members active in the weeks after. Weeks run Monday to Sunday, UTC.
        </p>
        {cohorts.length > 0 ? (
          <a
            className={cn(buttonVariants({ variant: "ghost", size: "sm" }))}
            href={csvHref(csv)}
            download="retention.csv"
          >
            <Download aria-hidden /> CSV<span className="sr-only"> of the retention grid</span>
          </a>
        ) : null}
      </div>
      {cohorts.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Nobody signed up in these weeks.
        </p>
      ) : (
        <Table label="Retention by sign-up week" aria-label="Retention by sign-up week">
          <TableHeader>
            <TableRow>
              <TableHead>Sign-up week</TableHead>
              <TableHead className="text-right">Members</TableHead>
              {Array.from({ length: weeks }, (_, i) => (
                <TableHead key={i} className="text-center">
                  <abbr title={`Week ${i} after sign-up`} className="no-underline">
                    W{i}
                  </abbr>
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {cohorts.map((c) => (
              <TableRow key={c.week} className="hover:bg-transparent">
                <TableHead scope="row" className="font-medium whitespace-nowrap">
                  {shortDay(c.week)}
                </TableHead>
                <TableCell className="text-right tabular-nums">{c.size.toLocaleString("en-US")}</TableCell>
                {Array.from({ length: weeks }, (_, i) => {
                  if (i >= c.active.length) return <TableCell key={i} aria-label="Not yet" />;
                  const s = share(c.active[i]!, c.size);
                  return (
                    <TableCell
                      key={i}
                      className="text-center tabular-nums"
                      style={{
                        background:
                          s === null
                            ? undefined
                            : `color-mix(in oklab, var(--accent) ${Math.round(Math.min(1, s) * 75)}%, transparent)`,
                      }}
                    >
                      {percent(s)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
