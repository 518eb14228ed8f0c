import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ScrollText } from "lucide-react";
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_TYPES, type AuditEntry } from "@vicinity/contract";
import {
  Button,
  EmptyState,
  FormField,
  Input,
  Pagination,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@vicinity/ui";
import { useAuditLog, type AuditParams } from "../api/admin";
import { LoadFailed, LoadingRows } from "./admin-states";
import { ChoiceField } from "./admin-form-parts";

export const NO_AUDIT_ENTRIES = "No admin actions match";
export const TARGET_DEBOUNCE_MS = 300;

const ANY = "any";
const TARGET_LABELS: Record<(typeof AUDIT_TARGET_TYPES)[number], string> = {
  member: "Member",
  picture: "Picture",
  message: "Message",
  event: "Event",
  group: "Group",
  report: "Report",
  ad: "Campaign",
};

const WHEN = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

/** Where an entry's target lives in the admin area, when it has a page there. */
function targetLink(entry: AuditEntry): string | null {
  if (entry.targetType === "member") return `/admin/members/${entry.targetId}`;
  if (entry.targetType === "ad") return `/admin/ads/${entry.targetId}`;
  return null;
}

function Target({ entry }: { entry: AuditEntry }) {
  const label = TARGET_LABELS[entry.targetType as keyof typeof TARGET_LABELS] ?? entry.targetType;
  const to = targetLink(entry);
  const id = (
    <span className="font-mono text-xs">
      {entry.targetId.length > 13 ? `${entry.targetId.slice(0, 8)}…` : entry.targetId}
    </span>
  );
  return (
    <span className="grid">
      <span>{label}</span>
      {to ? (
        <Link to={to} className="text-muted-foreground hover:text-foreground hover:underline" title={entry.targetId}>
          {id}
        </Link>
      ) : (
        <span className="text-muted-foreground" title={entry.targetId}>
          {id}
        </span>
      )}
    </span>
  );
}

export interface AuditLogPageProps {
  /** Stories start filtered. */
  initial?: Partial<AuditParams>;
}

/** /admin/audit: every admin action (who, what, on what, why, when), newest first, filtered; read-only. */
export function AuditLogPage({ initial }: AuditLogPageProps) {
  const [params, setParams] = useState<AuditParams>({ action: "", targetType: "", targetId: "", page: 0, ...initial });
  const [typedTarget, setTypedTarget] = useState(params.targetId);
  useEffect(() => {
    const timer = setTimeout(
      () => setParams((p) => (p.targetId === typedTarget ? p : { ...p, targetId: typedTarget, page: 0 })),
      TARGET_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [typedTarget]);
  const log = useAuditLog(params);
  const filter = (change: Partial<AuditParams>) => setParams((p) => ({ ...p, ...change, page: 0 }));
  const filtered = params.action !== "" || params.targetType !== "" || params.targetId !== "";

  return (
    <section className="grid gap-5" aria-labelledby="audit-title">
      <div className="grid gap-1">
        <h1 id="audit-title" className="font-display text-2xl font-bold">
          Audit log
        </h1>
        <p className="text-sm text-muted-foreground">
          Every admin action, newest first. Entries cannot be edited or deleted.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter the audit log">
        <ChoiceField
          label="Action"
          value={params.action || ANY}
          onChange={(v) => filter({ action: v === ANY ? "" : v })}
          options={[
            { value: ANY, label: "Any action" },
            ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
          ]}
        />
        <ChoiceField
          label="On"
          value={params.targetType || ANY}
          onChange={(v) => filter({ targetType: v === ANY ? "" : v })}
          options={[
            { value: ANY, label: "Anything" },
            ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: TARGET_LABELS[type] })),
          ]}
        />
        <FormField label="Target id">
          <Input
            value={typedTarget}
            onChange={(e) => setTypedTarget(e.target.value)}
            placeholder="A member's, a picture's…"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
          />
        </FormField>
      </div>

      {log.isPending ? (
        <LoadingRows label="Loading the audit log" />
      ) : log.isError ? (
        <LoadFailed title="Could not load the audit log" error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.entries.length === 0 ? (
        <EmptyState
          icon={<ScrollText aria-hidden />}
          title={filtered ? NO_AUDIT_ENTRIES : "No admin actions yet"}
          description={
            filtered
              ? "Change or clear the filters."
              : "Warnings, suspensions, removals and campaign changes appear here as they happen."
          }
          action={
            filtered ? (
              <Button
                variant="outline"
                onClick={() => {
                  setTypedTarget("");
                  setParams({ action: "", targetType: "", targetId: "", page: 0 });
                }}
              >
                Clear the filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Table label="Audit log entries" aria-busy={log.isFetching || undefined}>
            <TableCaption className="sr-only">The audit log, page {params.page + 1}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">When</TableHead>
                <TableHead scope="col">Admin</TableHead>
                <TableHead scope="col">Action</TableHead>
                <TableHead scope="col">On</TableHead>
                <TableHead scope="col">Reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.data.entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    <time dateTime={entry.createdAt}>{WHEN.format(new Date(entry.createdAt))}</time>
                  </TableCell>
                  <TableCell className="font-semibold whitespace-nowrap">{entry.admin.username}</TableCell>
                  <TableCell className="whitespace-nowrap">{actionLabel(entry.action)}</TableCell>
                  <TableCell>
                    <Target entry={entry} />
                  </TableCell>
                  <TableCell className="max-w-80 min-w-48">
                    {entry.reason || <span className="text-muted-foreground">No reason given</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={params.page}
            hasNext={log.data.more}
            onPageChange={(page) => setParams((p) => ({ ...p, page }))}
            label="the audit log"
            disabled={log.isFetching}
          />
        </>
      )}
    </section>
  );
}
