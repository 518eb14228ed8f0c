import type { HeadlineStat } from "../model/demo-activity";

export interface HeadlineStatsProps {
  stats: readonly HeadlineStat[];
}

export function HeadlineStats({ stats }: HeadlineStatsProps) {
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border bg-border sm:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="flex flex-col-reverse items-center bg-surface px-4 py-6 text-center">
          <dt className="text-sm text-muted-foreground">{stat.label}</dt>
          <dd className="font-display text-3xl font-bold text-foreground sm:text-4xl">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
