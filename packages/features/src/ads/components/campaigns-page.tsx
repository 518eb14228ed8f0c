import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Megaphone, Plus } from "lucide-react";
import { AD_STATUSES, AD_STATUS_LABELS, type AdCampaign, type AdStatus } from "@vicinity/contract";
import { Button, buttonVariants, Card, cn, EmptyState, Skeleton } from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useCampaigns } from "../api/campaigns";
import { formatCount, formatCtr, scheduleText, settingsOf } from "../model/format";
import { CampaignActions } from "./campaign-actions";
import { CampaignStatusBadge } from "./campaign-status";

export const NO_CAMPAIGNS = "No campaigns yet";

type Filter = "all" | AdStatus;

/** /admin/ads: every campaign, its status, schedule and figures; pause, resume, duplicate, end. */
export function CampaignsPage() {
  const campaigns = useCampaigns();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>("all");
  const counts = useMemo(() => {
    const c = Object.fromEntries(AD_STATUSES.map((s) => [s, 0])) as Record<AdStatus, number>;
    for (const campaign of campaigns.data ?? []) c[campaign.status]++;
    return c;
  }, [campaigns.data]);
  const shown = (campaigns.data ?? []).filter((c) => filter === "all" || c.status === filter);
  const newLink = (
    <Link to="/admin/ads/new" className={buttonVariants({ size: "md" })}>
      <Plus aria-hidden /> New campaign
    </Link>
  );

  return (
    <section className="grid gap-4" aria-labelledby="ads-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="ads-title" className="font-display text-2xl font-bold">
          Ads
        </h1>
        {newLink}
      </div>
      {campaigns.isPending ? (
        <div role="status" className="grid gap-2" aria-busy="true" aria-label="Loading campaigns">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : campaigns.isError ? (
        <EmptyState
          title="Could not load the campaigns"
          description={serverMessageOr(campaigns.error, "Please try again.")}
          action={
            <Button variant="outline" onClick={() => void campaigns.refetch()}>
              Try again
            </Button>
          }
        />
      ) : campaigns.data.length === 0 ? (
        <EmptyState
          icon={<Megaphone aria-hidden />}
          title={NO_CAMPAIGNS}
          description="A campaign shows one ad in members' discovery grid and map list, to those it targets."
          action={newLink}
        />
      ) : (
        <>
          <div role="group" aria-label="Show campaigns" className="flex flex-wrap gap-1.5">
            {(["all", ...AD_STATUSES] as const).map((value) => (
              <Button
                key={value}
                size="sm"
                variant={filter === value ? "secondary" : "ghost"}
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
              >
                {value === "all" ? "All" : AD_STATUS_LABELS[value]}{" "}
                <span className="text-muted-foreground">{value === "all" ? campaigns.data.length : counts[value]}</span>
              </Button>
            ))}
          </div>
          {shown.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">
              No {filter === "all" ? "" : AD_STATUS_LABELS[filter as AdStatus].toLowerCase()} campaigns.
            </p>
          ) : (
            <>
              <CampaignTable campaigns={shown} onDuplicated={(copy) => void navigate(`/admin/ads/${copy.id}/edit`)} />
              <ul className="grid gap-2 md:hidden" aria-label="Campaigns">
                {shown.map((c) => (
                  <li key={c.id}>
                    <CampaignCard campaign={c} onDuplicated={(copy) => void navigate(`/admin/ads/${copy.id}/edit`)} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

const th = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase";
const td = "px-3 py-2 align-top";
const COLUMNS = [
  { label: "Campaign", numeric: false },
  { label: "Status", numeric: false },
  { label: "Schedule", numeric: false },
  { label: "Today", numeric: true },
  { label: "Impressions", numeric: true },
  { label: "Reach", numeric: true },
  { label: "Clicks", numeric: true },
  { label: "CTR", numeric: true },
  { label: "Actions", numeric: false },
] as const;

function CampaignTable({
  campaigns,
  onDuplicated,
}: {
  campaigns: AdCampaign[];
  onDuplicated: (copy: AdCampaign) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border max-md:hidden">
      <table className="w-full text-sm">
        <caption className="sr-only">Campaigns, newest first</caption>
        <thead className="bg-muted/50">
          <tr>
            {COLUMNS.map(({ label, numeric }) => (
              <th key={label} scope="col" className={cn(th, numeric && "text-right")}>
                {label === "Actions" ? <span className="sr-only">Actions</span> : label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => {
            const input = settingsOf(c);
            return (
              <tr key={c.id} className="border-t" data-testid="campaign-row">
                <td className={td}>
                  <Link to={`/admin/ads/${c.id}`} className="font-semibold hover:underline">
                    {input.headline}
                  </Link>
                  <p className="text-xs text-muted-foreground">{input.advertiser}</p>
                </td>
                <td className={td}>
                  <CampaignStatusBadge status={c.status} />
                </td>
                <td className={cn(td, "whitespace-nowrap")}>{scheduleText(input)}</td>
                <td className={cn(td, "text-right tabular-nums")} title="Impressions today">
                  {formatCount(c.today.impressions)}
                </td>
                <td className={cn(td, "text-right tabular-nums")}>{formatCount(c.total.impressions)}</td>
                <td className={cn(td, "text-right tabular-nums")}>{formatCount(c.total.reach)}</td>
                <td className={cn(td, "text-right tabular-nums")}>{formatCount(c.total.clicks)}</td>
                <td className={cn(td, "text-right tabular-nums")}>{formatCtr(c.total.ctr)}</td>
                <td className={td}>
                  <CampaignActions campaign={c} onDuplicated={onDuplicated} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CampaignCard({
  campaign: c,
  onDuplicated,
}: {
  campaign: AdCampaign;
  onDuplicated: (copy: AdCampaign) => void;
}) {
  const input = settingsOf(c);
  return (
    <Card className="grid gap-2 p-3" data-testid="campaign-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`/admin/ads/${c.id}`} className="font-semibold hover:underline">
            {input.headline}
          </Link>
          <p className="text-xs text-muted-foreground">
            {input.advertiser} · {scheduleText(input)}
          </p>
        </div>
        <CampaignStatusBadge status={c.status} />
      </div>
      <dl className="grid grid-cols-4 gap-2 text-center text-xs">
        {(
          [
            ["Today", formatCount(c.today.impressions)],
            ["Impressions", formatCount(c.total.impressions)],
            ["Reach", formatCount(c.total.reach)],
            ["CTR", formatCtr(c.total.ctr)],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <CampaignActions campaign={c} onDuplicated={onDuplicated} />
    </Card>
  );
}
