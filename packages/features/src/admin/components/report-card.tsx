import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Gavel, StickyNote, UserRoundCheck, UserRoundX, X } from "lucide-react";
import { REPORT_REASON_LABELS, REPORT_STATUS_LABELS, type AdminReport } from "@vicinity/contract";
import { Badge, Button, Card, Checkbox, Input } from "@vicinity/ui";
import { serverMessageOr, optimizedImageUrl } from "@vicinity/features/shared";
import { useAssignReport, useReportNote } from "../api/admin";

const WHEN = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const when = (iso: string) => WHEN.format(new Date(iso));

export const KIND_NAMES: Record<AdminReport["kind"], string> = {
  member: "Member",
  message: "Message",
  picture: "Picture",
  event: "Event",
  group: "Group",
};

const personName = (p: AdminReport["reporter"]) =>
  p ? (p.displayName ? `${p.displayName} (${p.username})` : p.username) : "a deleted member";

/** The reported content itself: the message and the few before it, the picture, the event, the group. */
function ReportedContent({ report }: { report: AdminReport }) {
  const { content } = report;
  if (content.messages) {
    const reportedId = content.messages.at(-1)?.id;
    return (
      <ol className="grid gap-1.5 rounded-lg bg-muted/40 p-3" aria-label="The conversation, up to the reported message">
        {content.messages.map((m) => {
          const reported = m.id === reportedId;
          const fromReported = m.senderId === report.reported?.id;
          return (
            <li
              key={m.id}
              className={`grid gap-0.5 rounded-md px-2 py-1 text-sm ${reported ? "border border-destructive/60 bg-destructive/10" : ""}`}
              aria-current={reported ? "true" : undefined}
            >
              <span className="text-xs text-muted-foreground">
                {fromReported ? (report.reported?.username ?? "him") : "the other side"} · {when(m.createdAt)}
                {reported ? " · reported" : ""}
              </span>
              {m.removed ? (
                <span className="text-muted-foreground italic">Removed</span>
              ) : (
                <span className="break-words whitespace-pre-line">{m.content}</span>
              )}
              {m.pictureUrl && !m.removed ? (
                <img
                  src={optimizedImageUrl(m.pictureUrl, { w: 240, h: 240 })}
                  alt="A picture in the message"
                  width={120}
                  height={120}
                  className="size-30 rounded-md object-cover"
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    );
  }
  if (report.kind === "picture") {
    return content.pictureUrl ? (
      <img
        src={optimizedImageUrl(content.pictureUrl, { w: 320, h: 320 })}
        alt={`The reported picture of ${report.reported?.username ?? "a member"}`}
        width={160}
        height={160}
        className="size-40 rounded-lg object-cover"
      />
    ) : (
      <p className="text-sm text-muted-foreground">The picture is gone.</p>
    );
  }
  if (content.event) {
    return (
      <div className="grid gap-1 rounded-lg bg-muted/40 p-3 text-sm">
        <Link to={`/events/${content.event.id}`} className="font-semibold hover:underline">
          {content.event.title}
        </Link>
        <p className="line-clamp-4 whitespace-pre-line text-muted-foreground">
          {content.event.description || "No description."}
        </p>
        {content.event.cancelledAt ? <Badge variant="outline">Cancelled</Badge> : null}
      </div>
    );
  }
  if (content.group) {
    return (
      <div className="grid gap-1 rounded-lg bg-muted/40 p-3 text-sm">
        <Link to={`/groups/${content.group.id}`} className="font-semibold hover:underline">
          {content.group.name}
        </Link>
        <p className="line-clamp-4 whitespace-pre-line text-muted-foreground">
          {content.group.description || "No description."}
        </p>
      </div>
    );
  }
  if (report.kind === "event" || report.kind === "group")
    return <p className="text-sm text-muted-foreground">It was deleted.</p>;
  return null;
}

function Notes({ report }: { report: AdminReport }) {
  const note = useReportNote();
  const [text, setText] = useState("");
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return;
    note.mutate({ id: report.id, text: text.trim() }, { onSuccess: () => setText("") });
  }
  return (
    <div className="grid gap-2">
      {report.notes.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Internal notes">
          {report.notes.map((n) => (
            <li key={n.id} className="rounded-md border-l-2 border-accent/60 bg-muted/30 px-2 py-1">
              <span className="text-xs text-muted-foreground">
                {n.author?.username ?? "a former admin"} · {when(n.createdAt)}
              </span>
              <p className="whitespace-pre-line">{n.text}</p>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="flex gap-2">
        <Input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="An internal note (members never see it)"
          aria-label="Internal note"
          maxLength={2000}
          inputSize="sm"
        />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          busy={note.isPending}
          busyLabel="Adding..."
          disabled={!text.trim()}
        >
          <StickyNote aria-hidden /> Add
        </Button>
      </form>
      {note.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {serverMessageOr(note.error, "The note was not added. Try again.")}
        </p>
      ) : null}
    </div>
  );
}

export interface ReportCardProps {
  report: AdminReport;
  /** The signed-in admin (to tell "assigned to me"). */
  meId: string | null;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** Opens the outcome dialog for this report alone. */
  onAct: () => void;
  onDismiss: () => void;
}

/** One report: who reported whom and why, the content itself, earlier reports, notes, and what to do. */
export function ReportCard({ report, meId, selected, onSelectedChange, onAct, onDismiss }: ReportCardProps) {
  const assign = useAssignReport();
  const mine = report.assignedTo?.id === meId && meId !== null;
  const open = report.status === "open";
  const label = `${KIND_NAMES[report.kind]} report on ${report.reported?.username ?? "a deleted member"}`;
  return (
    <Card asChild className={`grid gap-3 p-4 ${selected ? "border-accent" : ""}`}>
      <article aria-label={label}>
        <div className="flex flex-wrap items-start gap-3">
          {open ? (
            <Checkbox
              checked={selected}
              onCheckedChange={(v) => onSelectedChange(v === true)}
              aria-label={`Select the ${label.toLowerCase()}`}
              className="mt-0.5"
            />
          ) : null}
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{KIND_NAMES[report.kind]}</Badge>
              <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span>
              {!open ? <Badge variant="default">{REPORT_STATUS_LABELS[report.status]}</Badge> : null}
              {report.earlier > 0 ? (
                <Badge variant="destructive">
                  {report.earlier === 1 ? "1 earlier report" : `${report.earlier} earlier reports`}
                </Badge>
              ) : null}
            </p>
            <p className="text-sm text-muted-foreground">
              {when(report.createdAt)} · {personName(report.reporter)} reported{" "}
              {report.reported ? (
                <Link
                  to={`/admin/members/${report.reported.id}`}
                  className="font-semibold text-foreground hover:underline"
                >
                  {report.reported.username}
                </Link>
              ) : (
                "a deleted member"
              )}
              {report.assignedTo ? ` · assigned to ${mine ? "you" : report.assignedTo.username}` : ""}
            </p>
          </div>
        </div>
        {report.earlierReports.length > 0 ? (
          <div className="grid gap-1 text-sm">
            <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase" aria-hidden>
              Earlier reports on the same target
            </p>
            <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Earlier reports on the same target">
              {report.earlierReports.map((e) => (
                <li key={e.id}>
                  {REPORT_REASON_LABELS[e.reason]} · {when(e.createdAt)} ·{" "}
                  <span className="text-muted-foreground">{REPORT_STATUS_LABELS[e.status]}</span>
                </li>
              ))}
              {report.earlier > report.earlierReports.length ? (
                <li className="text-muted-foreground">and {report.earlier - report.earlierReports.length} more</li>
              ) : null}
            </ul>
          </div>
        ) : null}
        {report.details ? <p className="text-sm">“{report.details}”</p> : null}
        <ReportedContent report={report} />
        <Notes report={report} />
        {open ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={onAct}>
              <Gavel aria-hidden /> Act…
            </Button>
            <Button size="sm" variant="outline" onClick={onDismiss}>
              <X aria-hidden /> Dismiss
            </Button>
            <Button
              size="sm"
              variant="ghost"
              busy={assign.isPending}
              busyLabel="Saving..."
              onClick={() => assign.mutate({ id: report.id, mine: !mine })}
            >
              {mine ? <UserRoundX aria-hidden /> : <UserRoundCheck aria-hidden />} {mine ? "Unassign" : "Assign to me"}
            </Button>
          </div>
        ) : null}
        {assign.isError ? (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessageOr(assign.error, "That did not work. Try again.")}
          </p>
        ) : null}
      </article>
    </Card>
  );
}
