import { Link, useNavigate } from "react-router";
import { ArrowLeft, Pencil } from "lucide-react";
import { Button, buttonVariants, Card, EmptyState, Skeleton } from "@vicinity/ui";
import { ApiError, serverMessageOr } from "@vicinity/features/shared";
import { useCampaign } from "../api/campaigns";
import { formatCount, formatCtr, scheduleText, scheduledText, settingsOf, targetingText } from "../model/format";
import { AdPreview } from "./ad-preview";
import { CampaignActions } from "./campaign-actions";
import { CampaignStatusBadge } from "./campaign-status";
import { DailyChart } from "./daily-chart";

const back = (
  <Link to="/admin/ads" className={buttonVariants({ variant: "link", size: "sm" })}>
    <ArrowLeft aria-hidden /> All campaigns
  </Link>
);

/** /admin/ads/:id: a campaign's figures per day, its settings and its ad. */
export function CampaignPage({ id }: { id: string }) {
  const campaign = useCampaign(id);
  const navigate = useNavigate();
  if (campaign.isPending) {
    return (
      <section className="grid gap-4" aria-busy="true" aria-label="Loading the campaign">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
      </section>
    );
  }
  if (campaign.isError) {
    const missing = campaign.error instanceof ApiError && campaign.error.status === 404;
    return (
      <section className="grid gap-4">
        {back}
        <EmptyState
          title={missing ? "Campaign not found" : "Could not load the campaign"}
          description={
            missing
              ? "It may have been removed, or the link is wrong."
              : serverMessageOr(campaign.error, "Please try again.")
          }
          action={
            missing ? undefined : (
              <Button variant="outline" onClick={() => void campaign.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </section>
    );
  }
  const c = campaign.data;
  const input = settingsOf(c);
  const figures = [
    ["Impressions", c.total.impressions, c.today.impressions],
    ["Members reached", c.total.reach, c.today.reach],
    ["Clicks", c.total.clicks, c.today.clicks],
  ] as const;
  return (
    <section className="grid gap-5" aria-labelledby="campaign-title">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="campaign-title" className="font-display text-2xl font-bold">
              {input.headline}
            </h1>
            <CampaignStatusBadge status={c.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            {input.advertiser} · {scheduleText(input)} ({input.timeZone})
          </p>
          {c.status === "scheduled" ? (
            <p className="text-sm font-medium text-accent-text" data-testid="scheduled-note">
              {scheduledText(input)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {c.status !== "ended" ? (
            <Link to={`/admin/ads/${c.id}/edit`} className={buttonVariants({ variant: "secondary", size: "sm" })}>
              <Pencil aria-hidden /> Edit
            </Link>
          ) : null}
          <CampaignActions campaign={c} onDuplicated={(copy) => void navigate(`/admin/ads/${copy.id}/edit`)} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(([term, total, today]) => (
          <Card key={term} className="p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="font-display text-2xl font-bold tabular-nums">{formatCount(total)}</dd>
            <dd className="text-xs text-muted-foreground">{formatCount(today)} today</dd>
          </Card>
        ))}
        <Card className="p-3">
          <dt className="text-xs text-muted-foreground">Click-through rate</dt>
          <dd className="font-display text-2xl font-bold tabular-nums">{formatCtr(c.total.ctr)}</dd>
          <dd className="text-xs text-muted-foreground">{formatCtr(c.today.ctr)} today</dd>
        </Card>
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <DailyChart label="Impressions" days={c.days.map((d) => ({ day: d.day, value: d.impressions }))} />
        <DailyChart label="Clicks" days={c.days.map((d) => ({ day: d.day, value: d.clicks }))} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="grid content-start gap-3 p-4">
          <h2 className="font-semibold">Settings</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Targeting</dt>
            <dd>{targetingText(input).join(" · ")}</dd>
            <dt className="text-muted-foreground">Destination</dt>
            <dd className="break-all">{input.destinationUrl}</dd>
            <dt className="text-muted-foreground">Weight</dt>
            <dd>{input.weight}</dd>
            <dt className="text-muted-foreground">Caps</dt>
            <dd>
              {input.totalCap === null ? "No total cap" : `${formatCount(input.totalCap)} in all`} ·{" "}
              {input.dailyCap === null ? "no daily cap" : `${formatCount(input.dailyCap)} a day`} · at most{" "}
              {input.frequencyCap} a day per member
            </dd>
          </dl>
        </Card>
        <AdPreview ad={{ ...input, imageUrl: input.mediaId ? `/media/${input.mediaId}` : null }} />
      </div>
    </section>
  );
}
