import { useState, type FormEvent } from "react";
import { Zap } from "lucide-react";
import { RIGHT_NOW_MINUTES, RIGHT_NOW_NOTE_MAX_LENGTH } from "@vicinity/contract";
import { Alert, Badge, Button, FormField, Input } from "@vicinity/ui";
import { formatRightNowRemaining } from "../model/right-now";
import { SettingsSection } from "./settings-section";

export interface RightNowCardProps {
  /** His note and the whole minutes left, while he is Right Now; else null. */
  active: { note: string; minutesLeft: number } | null;
  /** A call under way. */
  pending: "starting" | "ending" | null;
  error?: string | null;
  onStart: (note: string) => void;
  onEnd: () => void;
}

/** decisions.md, "Quick meet-ups": available now with a short note, for 60 minutes. */
export function RightNowCard({ active, pending, error, onStart, onEnd }: RightNowCardProps) {
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = note.trim();
    if (!trimmed) {
      setProblem("Say what you are up for");
      return;
    }
    onStart(trimmed);
  }

  return (
    <SettingsSection
      id="right-now"
      title="Right Now"
      icon={<Zap />}
      description={`Free in the next hour? Say so: you show up under Right Now for ${RIGHT_NOW_MINUTES} minutes.`}
      aside={active ? <Badge variant="accent">Live</Badge> : null}
    >
      {active ? (
        <div className="grid gap-4">
          <div className="grid gap-1 rounded-lg border border-accent/50 bg-accent/10 p-4">
            <p className="text-base font-semibold break-words" data-testid="right-now-note">
              “{active.note}”
            </p>
            <p className="text-sm text-muted-foreground" data-testid="right-now-remaining">
              {formatRightNowRemaining(active.minutesLeft)}
            </p>
          </div>
          {error ? <Alert>{error}</Alert> : null}
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={onEnd}
            busy={pending === "ending"}
            busyLabel="Ending..."
          >
            End Right Now
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label="What are you up for?" hint={`${note.length}/${RIGHT_NOW_NOTE_MAX_LENGTH}`} error={problem}>
            <Input
              name="note"
              value={note}
              maxLength={RIGHT_NOW_NOTE_MAX_LENGTH}
              placeholder="Coffee, a walk on the beach, a drink..."
              autoComplete="off"
              onChange={(e) => {
                setNote(e.target.value);
                setProblem(null);
              }}
            />
          </FormField>
          {error ? <Alert>{error}</Alert> : null}
          <Button type="submit" className="justify-self-start" busy={pending === "starting"} busyLabel="Starting...">
            <Zap aria-hidden />
            Go Right Now
          </Button>
        </form>
      )}
    </SettingsSection>
  );
}
