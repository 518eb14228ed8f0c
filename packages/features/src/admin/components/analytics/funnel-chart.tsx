import type { Funnel } from "@vicinity/contract/analytics";

const STEPS: Array<{ key: keyof Funnel; label: string }> = [
  { key: "signups", label: "Signed up" },
  { key: "onboarded", label: "Finished onboarding" },
  { key: "firstMessage", label: "Sent a first message" },
  { key: "firstReply", label: "Got a first reply" },
];

const pct = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 100)}%` : "–");

/**
 * The funnel: of the members who signed up in the range, how many came to each
 * step, the drop from the step before, and the same share in the period before.
 */
export function FunnelChart({
  funnel,
  previous,
  previousLabel,
}: {
  funnel: Funnel;
  previous: Funnel;
  previousLabel: string;
}) {
  if (funnel.signups === 0)
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
        Nobody signed up in this range.
      </p>
    );
  return (
    <ol className="grid gap-3" aria-label="From sign-up to a first reply">
      {STEPS.map((step, i) => {
        const n = funnel[step.key];
        const before = i > 0 ? funnel[STEPS[i - 1]!.key] : null;
        const drop = before !== null && before > 0 ? Math.round(((before - n) / before) * 100) : null;
        return (
          <li key={step.key} className="grid gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-medium">{step.label}</span>
              <span className="tabular-nums">
                <strong>{n.toLocaleString("en-US")}</strong>{" "}
                <span className="text-muted-foreground">({pct(n, funnel.signups)} of sign-ups)</span>
              </span>
            </div>
            <div className="h-3 rounded-full bg-muted" aria-hidden>
              <div
                className="h-3 rounded-full bg-accent"
                style={{ width: `${funnel.signups > 0 ? (n / funnel.signups) * 100 : 0}%` }}
              />
            </div>
            <p className="text-xs text-muted-foreground tabular-nums">
              {drop !== null ? `${drop}% dropped at this step · ` : ""}
              {previous.signups > 0
                ? `${pct(previous[step.key], previous.signups)} in ${previousLabel}`
                : `nobody signed up in ${previousLabel}`}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
