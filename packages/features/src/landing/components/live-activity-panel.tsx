import { Avatar, Card, Countdown } from "@vicinity/ui";
import type { DemoActivity, DemoActivityItem, PresenceStatus } from "../model/demo-activity";

const STATUS_LABEL: Record<PresenceStatus, string> = {
  online: "Online",
  away: "Away",
  busy: "Busy",
  offline: "Offline",
};

const STATUS_DOT: Record<PresenceStatus, string> = {
  online: "bg-online",
  away: "bg-amber-400",
  busy: "bg-destructive",
  offline: "bg-muted-foreground",
};

export interface LiveActivityPanelProps {
  activity: DemoActivity;
  people: readonly DemoActivityItem[];
}

/** The landing page's "live" card: the demo counters and three sample people. */
export function LiveActivityPanel({ activity, people }: LiveActivityPanelProps) {
  return (
    <Card variant="raised" className="w-full max-w-md p-5 sm:p-6" aria-label="Live activity near you">
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-md bg-muted p-3">
          <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <span className="size-2 animate-pulse-dot rounded-full bg-online" aria-hidden />
            Online now
          </dt>
          <dd className="mt-1 font-display text-3xl font-bold tabular-nums" data-testid="demo-online">
            {activity.online}
          </dd>
        </div>
        <div className="rounded-md bg-muted p-3">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Nearby</dt>
          <dd className="mt-1 font-display text-3xl font-bold tabular-nums" data-testid="demo-nearby">
            {activity.nearby}
          </dd>
        </div>
        <div className="col-span-2 flex items-center justify-between rounded-md border border-accent/40 bg-accent/10 p-3">
          <dt className="text-sm font-medium">Next match in</dt>
          <dd className="font-display text-xl font-bold text-accent-text tabular-nums" data-testid="demo-countdown">
            <Countdown seconds={activity.countdownSeconds} />
          </dd>
        </div>
      </dl>
      <h2 className="mt-6 mb-3 text-sm font-semibold text-muted-foreground">Active near you</h2>
      <ul className="grid gap-3">
        {people.map((person) => (
          <li key={person.user} className="flex items-center gap-3" data-testid="sample-person">
            <Avatar name={person.user} size="md" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {person.user}, {person.age}
              </p>
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <span className={`size-2 rounded-full ${STATUS_DOT[person.status]}`} aria-hidden />
                {STATUS_LABEL[person.status]} · {person.distance}
              </p>
            </div>
            <span className="text-xs text-muted-foreground">{person.time}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
