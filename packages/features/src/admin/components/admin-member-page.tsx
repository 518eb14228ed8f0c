import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ArrowLeft, ShieldCheck, ShieldOff, TriangleAlert, UserCheck, UserX } from "lucide-react";
import { REPORT_REASON_LABELS, type AdminMemberDetail, type AdminReport } from "@vicinity/contract";
import { Avatar, Badge, Button, Card, EmptyState, toast } from "@vicinity/ui";
import { ApiError, avatarUrl, optimizedImageUrl } from "@vicinity/features/shared";
import { useAdminMember, useMemberAction, type MemberAction } from "../api/admin";
import { REPORT_KIND_LABELS } from "./admin-overview-page";
import { MemberStatus } from "./admin-members-page";
import { LoadFailed, LoadingRows } from "./admin-states";
import {
  AdminDialog,
  AdminDialogActions,
  ChoiceField,
  ReasonField,
  SUSPENSION_OPTIONS,
  suspensionDays,
} from "./admin-form-parts";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const WHEN = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const day = (iso: string) => DAY.format(new Date(iso));

type Step = MemberAction["kind"];

const STEP_TEXT: Record<
  Step,
  {
    title: (name: string, admin: boolean) => string;
    description: string;
    confirm: (admin: boolean) => string;
    busy: string;
    done: (name: string, admin: boolean) => string;
  }
> = {
  warn: {
    title: (name) => `Warn ${name}`,
    description: "He sees the warning, with your reason, at his next visit.",
    confirm: () => "Send the warning",
    busy: "Warning...",
    done: (name) => `${name} was warned`,
  },
  suspend: {
    title: (name) => `Suspend ${name}`,
    description:
      "His sessions end and his open pages are signed out at once. At sign-in he is told why and until when.",
    confirm: () => "Suspend",
    busy: "Suspending...",
    done: (name) => `${name} is suspended`,
  },
  restore: {
    title: (name) => `Restore ${name}`,
    description: "He can sign in again at once.",
    confirm: () => "Restore",
    busy: "Restoring...",
    done: (name) => `${name} is restored`,
  },
  admin: {
    title: (name, admin) => (admin ? `Make ${name} an admin` : `Revoke ${name}'s admin`),
    description: "Admins see and act on everything in the admin area. The last admin cannot be revoked.",
    confirm: (admin) => (admin ? "Make admin" : "Revoke admin"),
    busy: "Saving...",
    done: (name, admin) => (admin ? `${name} is an admin` : `${name} is no longer an admin`),
  },
};

/** One action, asked with its reason (and a suspension's length); the server's refusal shown in place. */
function ActionDialog({
  id,
  name,
  step,
  makeAdmin,
  onClose,
}: {
  id: string;
  name: string;
  step: Step;
  makeAdmin: boolean;
  onClose: () => void;
}) {
  const action = useMemberAction(id);
  const [reason, setReason] = useState("");
  const [days, setDays] = useState<string>("7");
  const [missing, setMissing] = useState(false);
  const text = STEP_TEXT[step];

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = reason.trim();
    setMissing(trimmed === "");
    if (!trimmed) return;
    const call: MemberAction =
      step === "suspend"
        ? { kind: "suspend", reason: trimmed, days: suspensionDays(days) }
        : step === "admin"
          ? { kind: "admin", reason: trimmed, admin: makeAdmin }
          : { kind: step, reason: trimmed };
    action.mutate(call, {
      onSuccess: () => {
        toast({ title: text.done(name, makeAdmin), variant: "success" });
        onClose();
      },
    });
  }

  return (
    <AdminDialog title={text.title(name, makeAdmin)} description={text.description} onClose={onClose} onSubmit={submit}>
      {step === "suspend" ? (
        <ChoiceField label="For" value={days} onChange={setDays} options={SUSPENSION_OPTIONS} />
      ) : null}
      <ReasonField
        value={reason}
        onChange={setReason}
        error={missing ? "Give a reason" : undefined}
        hint={
          step === "warn" || step === "suspend" ? "He reads it. It is kept on the audit log." : "Kept on the audit log."
        }
      />
      <AdminDialogActions
        error={action.isError ? action.error : null}
        onCancel={onClose}
        confirm={text.confirm(makeAdmin)}
        busy={action.isPending}
        busyLabel={text.busy}
        variant={step === "suspend" || (step === "admin" && !makeAdmin) ? "destructive" : "primary"}
      />
    </AdminDialog>
  );
}

function ReportList({ reports, empty, side }: { reports: AdminReport[]; empty: string; side: "against" | "by" }) {
  if (reports.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="grid gap-2">
      {reports.map((r) => {
        const other = side === "against" ? r.reporter : r.reported;
        return (
          <li key={r.id} className="grid gap-1 rounded-lg border p-3 text-sm">
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{REPORT_KIND_LABELS[r.kind].replace(/s$/, "")}</Badge>
              <span className="font-semibold">{REPORT_REASON_LABELS[r.reason]}</span>
              <Badge variant={r.status === "open" ? "destructive" : "default"}>
                {r.status === "open" ? "Open" : r.status === "dismissed" ? "Dismissed" : "Acted on"}
              </Badge>
              <span className="text-muted-foreground">{day(r.createdAt)}</span>
            </span>
            {r.details ? <span className="text-muted-foreground">“{r.details}”</span> : null}
            {other ? (
              <span className="text-muted-foreground">
                {side === "against" ? "By " : "About "}
                <Link to={`/admin/members/${other.id}`} className="hover:underline">
                  {other.username}
                </Link>
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function MemberDetail({ detail }: { detail: AdminMemberDetail }) {
  const { member, profile, photos, reportsAgainst, reportsBy, sessions } = detail;
  const [step, setStep] = useState<Step | null>(null);
  const name = member.username;
  const isAdmin = member.accountRole === "admin";
  const suspended = member.suspendedAt !== null;
  const lastActive = sessions.reduce<string | null>(
    (latest, s) => (latest && latest > s.lastActiveAt ? latest : s.lastActiveAt),
    null,
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start gap-4">
        <span aria-hidden>
          <Avatar
            name={member.displayName ?? name}
            src={member.profileImageUrl ? avatarUrl(member.profileImageUrl, 80) : undefined}
            size="lg"
          />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="font-display text-2xl font-bold break-all">{name}</h1>
          <p className="text-sm break-all text-muted-foreground">
            {member.displayName ? `${member.displayName} · ` : ""}
            {member.email} · joined {day(member.createdAt)}
          </p>
          <span className="mt-1">
            <MemberStatus member={member} />
          </span>
          {suspended && member.suspensionReason ? <p className="text-sm">Reason: {member.suspensionReason}</p> : null}
        </div>
      </div>

      <Card className="grid gap-3 p-4">
        <h2 className="font-display text-lg font-semibold">Actions</h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setStep("warn")}>
            <TriangleAlert aria-hidden /> Warn
          </Button>
          {suspended ? (
            <Button variant="outline" onClick={() => setStep("restore")}>
              <UserCheck aria-hidden /> Restore
            </Button>
          ) : (
            <Button variant="destructive" onClick={() => setStep("suspend")}>
              <UserX aria-hidden /> Suspend
            </Button>
          )}
          <Button variant="ghost" onClick={() => setStep("admin")}>
            {isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}{" "}
            {isAdmin ? "Revoke admin" : "Make admin"}
          </Button>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="member-profile" className="grid content-start gap-3">
          <h2 id="member-profile" className="font-display text-lg font-semibold">
            Profile
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">First name</dt>
            <dd>{profile?.firstName || "—"}</dd>
            <dt className="text-muted-foreground">Age</dt>
            <dd>{profile?.age ?? "—"}</dd>
            <dt className="text-muted-foreground">Bio</dt>
            <dd className="whitespace-pre-line">{profile?.bio || "—"}</dd>
            <dt className="text-muted-foreground">Sessions</dt>
            <dd>
              {sessions.length === 0
                ? "Signed out everywhere"
                : `${sessions.length} open, last active ${WHEN.format(new Date(lastActive ?? sessions[0]!.lastActiveAt))} UTC`}
            </dd>
          </dl>
          {photos.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="His photos">
              {photos.map((photo, i) => (
                <li key={photo.id}>
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <img
                      src={optimizedImageUrl(photo.url, { w: 240, h: 240 })}
                      alt={`Photo ${i + 1} of ${name}`}
                      width={240}
                      height={240}
                      className="aspect-square w-full object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No photos.</p>
          )}
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="member-reports-against" className="grid gap-3">
            <h2 id="member-reports-against" className="font-display text-lg font-semibold">
              Reports against him ({reportsAgainst.length})
            </h2>
            <ReportList reports={reportsAgainst} empty="Nobody has reported him." side="against" />
          </section>
          <section aria-labelledby="member-reports-by" className="grid gap-3">
            <h2 id="member-reports-by" className="font-display text-lg font-semibold">
              Reports he made ({reportsBy.length})
            </h2>
            <ReportList reports={reportsBy} empty="He has reported nobody." side="by" />
          </section>
        </div>
      </div>
      {step ? (
        <ActionDialog id={member.id} name={name} step={step} makeAdmin={!isAdmin} onClose={() => setStep(null)} />
      ) : null}
    </div>
  );
}

/** /admin/members/:id: the member, his reports both ways, his sessions; warn, suspend or restore, grant or revoke admin. */
export function AdminMemberPage({ id }: { id: string }) {
  const query = useAdminMember(id);
  return (
    <section className="grid gap-4" aria-label="Member">
      <Link
        to="/admin/members"
        className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> All members
      </Link>
      {query.isPending ? (
        <LoadingRows label="Loading the member" rows={3} className="h-20" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState
            title="Member not found"
            description={<span role="alert">No member has this id. He may have deleted his account.</span>}
          />
        ) : (
          <LoadFailed title="Could not load the member" error={query.error} onRetry={() => void query.refetch()} />
        )
      ) : (
        <MemberDetail detail={query.data} />
      )}
    </section>
  );
}
