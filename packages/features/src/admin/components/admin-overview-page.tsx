import { Link } from "react-router";
import { ArrowRight, Flag, Image, UserMinus, UserPlus } from "lucide-react";
import { REPORT_KINDS, type ReportKind } from "@vicinity/contract";
import { Card } from "@vicinity/ui";
import { useAdminOverview } from "../api/admin";
import { LoadFailed, LoadingRows } from "./admin-states";

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  member: "Members",
  message: "Messages",
  picture: "Pictures",
  event: "Events",
  group: "Groups",
};

const count = (n: number) => n.toLocaleString("en-US");

function Figure({
  to,
  icon,
  label,
  value,
  note,
}: {
  to: string;
  icon: React.ReactNode;
  label: string;
  value: number;
  note: string;
}) {
  return (
    <Card
      asChild
      className="group grid gap-1 p-4 transition-colors hover:border-muted-foreground/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Link to={to}>
        <span className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
          {icon} {label}
        </span>
        <span className="font-display text-3xl font-bold tabular-nums">{count(value)}</span>
        <span className="flex items-center gap-1 text-sm text-muted-foreground group-hover:text-foreground">
          {note} <ArrowRight className="size-3.5" aria-hidden />
        </span>
      </Link>
    </Card>
  );
}

/** /admin: what waits for the team (open reports by kind, new pictures, suspensions, sign-ups), each a way into its queue. */
export function AdminOverviewPage() {
  const overview = useAdminOverview();
  return (
    <section className="grid gap-6" aria-labelledby="admin-overview-title">
      <h1 id="admin-overview-title" className="font-display text-2xl font-bold">
        Admin Panel
      </h1>
      {overview.isPending ? (
        <LoadingRows label="Loading the overview" className="h-28" />
      ) : overview.isError ? (
        <LoadFailed
          title="Could not load the overview"
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              to="/admin/content"
              icon={<Flag className="size-4" aria-hidden />}
              label="Open reports"
              value={REPORT_KINDS.reduce((sum, kind) => sum + overview.data.openReports[kind], 0)}
              note="Content audit"
            />
            <Figure
              to="/admin/content?tab=pictures"
              icon={<Image className="size-4" aria-hidden />}
              label="Pictures awaiting review"
              value={overview.data.picturesAwaitingReview}
              note={`Review pictures · ${overview.data.picturesToday} new today`}
            />
            <Figure
              to="/admin/members?filter=suspended"
              icon={<UserMinus className="size-4" aria-hidden />}
              label="Suspended this week"
              value={overview.data.suspendedThisWeek}
              note="Suspended members"
            />
            <Figure
              to="/admin/members?filter=new"
              icon={<UserPlus className="size-4" aria-hidden />}
              label="Sign-ups today"
              value={overview.data.signUpsToday}
              note="New members"
            />
          </div>
          <section aria-labelledby="admin-reports-title" className="grid gap-3">
            <h2 id="admin-reports-title" className="font-display text-lg font-semibold">
              Open reports by kind
            </h2>
            <ul className="grid gap-2 sm:grid-cols-5">
              {REPORT_KINDS.map((kind) => (
                <li key={kind}>
                  <Link
                    to={`/admin/content?kind=${kind}`}
                    className="flex items-center justify-between rounded-lg border px-3 py-2 text-sm hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span>{REPORT_KIND_LABELS[kind]}</span>
                    <span className="font-semibold tabular-nums">{count(overview.data.openReports[kind])}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </section>
  );
}
