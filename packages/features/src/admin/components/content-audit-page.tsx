import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Check, CheckCheck, Gavel, ImageOff, ShieldCheck, Trash2, X } from "lucide-react";
import {
  REPORT_KINDS,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  type AdminPicture,
  type ReportKind,
} from "@vicinity/contract";
import {
  Button,
  Checkbox,
  cn,
  EmptyState,
  Label,
  Pagination,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from "@vicinity/ui";
import { optimizedImageUrl, useAuth, serverMessageOr } from "@vicinity/features/shared";
import {
  useAdminPictures,
  useAdminReports,
  useRemovePicture,
  useReviewPictures,
  type ReportsParams,
} from "../api/admin";
import { REPORT_KIND_LABELS } from "./admin-overview-page";
import { LoadFailed, LoadingRows } from "./admin-states";
import { ReportCard } from "./report-card";
import { ReportOutcomeDialog } from "./report-outcome-dialog";
import { AdminDialog, AdminDialogActions, ChoiceField, ReasonField } from "./admin-form-parts";

export const QUEUE_EMPTY = "No reports waiting";
const ANY = "any";

type Status = ReportsParams["status"];
const isStatus = (v: string | null): v is Status => (REPORT_STATUSES as readonly string[]).includes(v ?? "");
const isKind = (v: string | null): v is ReportKind => (REPORT_KINDS as readonly string[]).includes(v ?? "");

/** The queue: filters, a page of reports with their content, bulk selection and the outcome dialog. */
function ReportsQueue() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const params: ReportsParams = {
    status: isStatus(searchParams.get("status")) ? (searchParams.get("status") as Status) : "open",
    kind: isKind(searchParams.get("kind")) ? (searchParams.get("kind") as ReportKind) : "",
    mine: searchParams.get("mine") === "true",
    page: Math.max(0, Number(searchParams.get("page") ?? 0) || 0),
  };
  const reports = useAdminReports(params);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deciding, setDeciding] = useState<{ ids: string[]; mode: "dismiss" | "act" } | null>(null);

  const change = (next: Partial<ReportsParams>) => {
    setSelected(new Set());
    setSearchParams(
      (current) => {
        const merged = { ...params, page: 0, ...next };
        const query = new URLSearchParams(current);
        for (const [key, value, empty] of [
          ["status", merged.status, "open"],
          ["kind", merged.kind, ""],
          ["mine", merged.mine ? "true" : "", ""],
          ["page", String(merged.page), "0"],
        ] as const) {
          if (value === empty) query.delete(key);
          else query.set(key, value);
        }
        return query;
      },
      { replace: true },
    );
  };

  const shown = reports.data?.reports ?? [];
  const openShown = shown.filter((r) => r.status === "open");
  const chosen = openShown.filter((r) => selected.has(r.id)).map((r) => r.id);
  const all =
    openShown.length > 0 && chosen.length === openShown.length ? true : chosen.length > 0 ? "indeterminate" : false;

  return (
    <div className="grid gap-4">
      <div
        className="grid items-end gap-3 sm:grid-cols-[12rem_12rem_1fr]"
        role="search"
        aria-label="Filter the reports"
      >
        <ChoiceField
          label="Status"
          value={params.status}
          onChange={(v) => change({ status: v as Status })}
          options={REPORT_STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] }))}
        />
        <ChoiceField
          label="Kind"
          value={params.kind || ANY}
          onChange={(v) => change({ kind: v === ANY ? "" : (v as ReportKind) })}
          options={[
            { value: ANY, label: "Every kind" },
            ...REPORT_KINDS.map((k) => ({ value: k, label: REPORT_KIND_LABELS[k] })),
          ]}
        />
        <div className="flex h-10 items-center gap-2">
          <Switch id="reports-mine" checked={params.mine} onCheckedChange={(mine) => change({ mine })} />
          <Label htmlFor="reports-mine">Assigned to me</Label>
        </div>
      </div>

      {reports.isPending ? (
        <LoadingRows label="Loading the reports" rows={3} className="h-40" />
      ) : reports.isError ? (
        <LoadFailed title="Could not load the reports" error={reports.error} onRetry={() => void reports.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<ShieldCheck aria-hidden />}
          title={params.status === "open" ? QUEUE_EMPTY : "No reports here"}
          description={
            params.status === "open"
              ? params.kind || params.mine
                ? "Nothing matches these filters."
                : "Every report has been dealt with. New ones appear here as members send them."
              : "Change the filters to see others."
          }
        />
      ) : (
        <>
          {openShown.length > 0 ? (
            <div
              className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border bg-background/95 px-3 py-2 backdrop-blur"
              role="group"
              aria-label="Selected reports"
            >
              <span className="flex items-center gap-2">
                <Checkbox
                  id="reports-all"
                  checked={all}
                  onCheckedChange={(v) => setSelected(v === true ? new Set(openShown.map((r) => r.id)) : new Set())}
                />
                <Label htmlFor="reports-all">Select all on this page</Label>
              </span>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {chosen.length === 0 ? "None selected" : `${chosen.length} selected`}
              </span>
              <span className="ml-auto flex gap-2">
                <Button
                  size="sm"
                  disabled={chosen.length === 0}
                  onClick={() => setDeciding({ ids: chosen, mode: "act" })}
                >
                  <Gavel aria-hidden /> Act on selected
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={chosen.length === 0}
                  onClick={() => setDeciding({ ids: chosen, mode: "dismiss" })}
                >
                  <X aria-hidden /> Dismiss selected
                </Button>
              </span>
            </div>
          ) : null}
          <div className="grid gap-3" aria-busy={reports.isFetching || undefined}>
            {shown.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                meId={user?.id ?? null}
                selected={selected.has(report.id)}
                onSelectedChange={(on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(report.id);
                    else next.delete(report.id);
                    return next;
                  })
                }
                onAct={() => setDeciding({ ids: [report.id], mode: "act" })}
                onDismiss={() => setDeciding({ ids: [report.id], mode: "dismiss" })}
              />
            ))}
          </div>
          <Pagination
            page={params.page}
            hasNext={reports.data.more}
            onPageChange={(page) => change({ page })}
            label="the reports"
            disabled={reports.isFetching}
          />
        </>
      )}
      {deciding ? (
        <ReportOutcomeDialog
          ids={deciding.ids}
          mode={deciding.mode}
          onClose={() => setDeciding(null)}
          onDone={() => setSelected(new Set())}
        />
      ) : null}
    </div>
  );
}

/** Removing a picture, with a reason: its file's hash is kept, so the same file cannot be uploaded again. */
function RemovePictureDialog({ picture, onClose }: { picture: AdminPicture; onClose: () => void }) {
  const remove = useRemovePicture();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  function submit(e: FormEvent) {
    e.preventDefault();
    setMissing(!reason.trim());
    if (!reason.trim()) return;
    remove.mutate(
      { id: picture.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: "Picture removed",
            description: "The same file cannot be uploaded again.",
            variant: "success",
          });
          onClose();
        },
      },
    );
  }
  return (
    <AdminDialog
      title={`Remove ${picture.owner.username}'s picture?`}
      description={"It disappears wherever it is shown, and the same file cannot be uploaded again."}
      onClose={onClose}
      onSubmit={submit}
    >
      <ReasonField value={reason} onChange={setReason} error={missing ? "Give a reason" : undefined} />
      <AdminDialogActions
        error={remove.isError ? remove.error : null}
        onCancel={onClose}
        confirm="Remove"
        busy={remove.isPending}
        busyLabel="Removing..."
        variant="destructive"
      />
    </AdminDialog>
  );
}

const KIND_OF_PICTURE: Record<string, string> = {
  profile: "Profile",
  message: "Message",
  event: "Event cover",
  group: "Group cover",
  ad: "Ad",
};

/** The newest pictures, for review before anyone reports them: kept (reviewed) or removed. */
function RecentPictures() {
  const [page, setPage] = useState(0);
  const [show, setShow] = useState<"awaiting" | "all">("awaiting");
  const pictures = useAdminPictures(page, show);
  const review = useReviewPictures();
  const [removing, setRemoving] = useState<AdminPicture | null>(null);
  const choose = (next: "awaiting" | "all") => {
    setShow(next);
    setPage(0);
  };
  const filter = (
    <div role="group" aria-label="Which pictures" className="flex w-fit gap-1 rounded-lg bg-muted p-1">
      {(
        [
          ["awaiting", "Awaiting review"],
          ["all", "All recent"],
        ] as const
      ).map(([value, label]) => (
        <button
          key={value}
          type="button"
          aria-pressed={show === value}
          onClick={() => choose(value)}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
            show === value
              ? "bg-surface-raised text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {label}
        </button>
      ))}
    </div>
  );
  if (pictures.isPending) return <LoadingRows label="Loading the pictures" rows={2} className="h-40" />;
  if (pictures.isError)
    return (
      <LoadFailed title="Could not load the pictures" error={pictures.error} onRetry={() => void pictures.refetch()} />
    );
  const list = pictures.data.pictures;
  const awaiting = list.filter((p) => p.reviewedAt === null);
  if (list.length === 0) {
    return (
      <div className="grid gap-4">
        {filter}
        {show === "awaiting" ? (
          <EmptyState
            icon={<ImageOff aria-hidden />}
            title="Nothing awaits review"
            description="Every picture members uploaded has been looked at."
            action={
              <Button variant="outline" onClick={() => choose("all")}>
                Show all recent
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<ImageOff aria-hidden />}
            title="No pictures yet"
            description="Pictures members upload appear here, newest first."
          />
        )}
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {filter}
        {awaiting.length > 0 ? (
          <Button
            variant="secondary"
            busy={review.isPending}
            busyLabel="Marking..."
            onClick={() => review.mutate(awaiting.map((p) => p.id))}
          >
            <CheckCheck aria-hidden /> Keep the {awaiting.length} on this page
          </Button>
        ) : null}
      </div>
      {review.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {serverMessageOr(review.error, "The pictures could not be marked reviewed. Please try again.")}
        </p>
      ) : null}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Recent pictures">
        {list.map((picture) => (
          <li key={picture.id} className="grid gap-1.5">
            <img
              src={optimizedImageUrl(picture.url, { w: 320, h: 320 })}
              alt={`${KIND_OF_PICTURE[picture.kind] ?? "A"} picture by ${picture.owner.username}`}
              width={320}
              height={320}
              className="aspect-square w-full rounded-lg object-cover"
            />
            <span className="flex items-center justify-between gap-2 text-sm">
              <Link to={`/admin/members/${picture.owner.id}`} className="truncate hover:underline">
                {picture.owner.username}
              </Link>
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive-text"
                onClick={() => setRemoving(picture)}
                aria-label={`Remove ${picture.owner.username}'s picture`}
              >
                <Trash2 aria-hidden />
              </Button>
            </span>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              {KIND_OF_PICTURE[picture.kind] ?? picture.kind}
              {picture.reviewedAt ? (
                <>
                  {" · "}
                  <Check className="size-3" aria-hidden />
                  <span>Reviewed</span>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        hasNext={pictures.data.more}
        onPageChange={setPage}
        label="the pictures"
        disabled={pictures.isFetching}
      />
      {removing ? <RemovePictureDialog picture={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

/** /admin/content: one queue for reports on members, messages, pictures, events and groups; and the recent pictures. */
export function ContentAuditPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "pictures" ? "pictures" : "reports";
  return (
    <section className="grid gap-5" aria-labelledby="content-audit-title">
      <h1 id="content-audit-title" className="font-display text-2xl font-bold">
        Content audit
      </h1>
      <Tabs
        value={tab}
        onValueChange={(value) => setSearchParams(value === "pictures" ? { tab: "pictures" } : {}, { replace: true })}
      >
        <TabsList aria-label="Content audit">
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="pictures">Recent pictures</TabsTrigger>
        </TabsList>
        <TabsContent value="reports">
          <ReportsQueue />
        </TabsContent>
        <TabsContent value="pictures">
          <RecentPictures />
        </TabsContent>
      </Tabs>
    </section>
  );
}
