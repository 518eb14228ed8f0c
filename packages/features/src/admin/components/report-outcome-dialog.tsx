import { useState, type FormEvent } from "react";
import { type ReportAction } from "@vicinity/contract";
import { Checkbox, Label, toast } from "@vicinity/ui";
import { useReportActions } from "../api/admin";
import {
  AdminDialog,
  AdminDialogActions,
  ChoiceField,
  ReasonField,
  SUSPENSION_OPTIONS,
  suspensionDays,
} from "./admin-form-parts";

const CHOICES: Array<{ action: Exclude<ReportAction, "dismiss">; label: string; hint: string }> = [
  { action: "remove", label: "Remove the content", hint: "The message, picture, event or group is gone for everyone." },
  { action: "warn", label: "Warn the member", hint: "He reads your reason at his next visit." },
  { action: "suspend", label: "Suspend the member", hint: "His sessions end and his pages are signed out at once." },
];

export interface ReportOutcomeDialogProps {
  /** The reports decided together (one, or a bulk selection). */
  ids: string[];
  /** Dismissing (not against the rules) or acting on them. */
  mode: "dismiss" | "act";
  onClose: () => void;
  /** After the server stored it (the selection is cleared). */
  onDone: () => void;
}

/** The outcome of one or many reports: dismissed, or acted on (remove, warn, suspend), with a reason. The reporters are told. */
export function ReportOutcomeDialog({ ids, mode, onClose, onDone }: ReportOutcomeDialogProps) {
  const act = useReportActions();
  const [chosen, setChosen] = useState<Set<Exclude<ReportAction, "dismiss">>>(() => new Set(["remove"]));
  const [days, setDays] = useState("7");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<{ reason?: string; actions?: string }>({});
  const many = ids.length > 1;
  const what = many ? `${ids.length} reports` : "this report";

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmed = reason.trim();
    const next = {
      reason: trimmed ? undefined : "Give a reason",
      actions: mode === "act" && chosen.size === 0 ? "Choose an action" : undefined,
    };
    setProblem(next);
    if (next.reason || next.actions) return;
    const actions: ReportAction[] = mode === "dismiss" ? ["dismiss"] : [...chosen];
    act.mutate(
      { ids, actions, reason: trimmed, ...(actions.includes("suspend") ? { days: suspensionDays(days) } : {}) },
      {
        onSuccess: ({ acted }) => {
          toast({
            title:
              mode === "dismiss"
                ? `${acted === 1 ? "1 report" : `${acted} reports`} dismissed`
                : `Acted on ${acted === 1 ? "1 report" : `${acted} reports`}`,
            description: "The reporters are told the outcome.",
            variant: "success",
          });
          onDone();
          onClose();
        },
      },
    );
  }

  return (
    <AdminDialog
      title={mode === "dismiss" ? `Dismiss ${what}` : `Act on ${what}`}
      description={
        mode === "dismiss"
          ? "Not against the rules: nothing changes for the member. The reporters are told."
          : "Each reported member and his content, once per member. The reporters are told the outcome, not who decided."
      }
      onClose={onClose}
      onSubmit={submit}
    >
      {mode === "act" ? (
        <fieldset className="grid gap-2" aria-describedby={problem.actions ? "outcome-actions-error" : undefined}>
          <legend className="mb-1 text-sm font-medium">What to do</legend>
          {CHOICES.map((choice) => (
            <div key={choice.action} className="flex items-start gap-3">
              <Checkbox
                id={`outcome-${choice.action}`}
                checked={chosen.has(choice.action)}
                onCheckedChange={(value) =>
                  setChosen((current) => {
                    const next = new Set(current);
                    if (value === true) next.add(choice.action);
                    else next.delete(choice.action);
                    return next;
                  })
                }
                className="mt-0.5"
              />
              <span className="grid gap-0.5">
                <Label htmlFor={`outcome-${choice.action}`}>{choice.label}</Label>
                <span className="text-sm text-muted-foreground">{choice.hint}</span>
              </span>
            </div>
          ))}
          {problem.actions ? (
            <p id="outcome-actions-error" role="alert" className="text-sm font-medium text-destructive-text">
              {problem.actions}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {mode === "act" && chosen.has("suspend") ? (
        <ChoiceField label="Suspend for" value={days} onChange={setDays} options={SUSPENSION_OPTIONS} />
      ) : null}
      <ReasonField
        value={reason}
        onChange={setReason}
        error={problem.reason}
        hint="Kept on the audit log; a warned or suspended member reads it."
      />
      <AdminDialogActions
        error={act.isError ? act.error : null}
        onCancel={onClose}
        confirm={mode === "dismiss" ? "Dismiss" : "Apply"}
        busy={act.isPending}
        busyLabel="Saving..."
        variant={mode === "act" && chosen.has("suspend") ? "destructive" : "primary"}
      />
    </AdminDialog>
  );
}
