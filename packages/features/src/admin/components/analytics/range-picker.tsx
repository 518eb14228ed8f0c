import { useId, useState, type FormEvent } from "react";
import { CalendarRange } from "lucide-react";
import { ANALYTICS_PRESETS } from "@vicinity/contract/analytics";
import { Button, cn, Input, Label } from "@vicinity/ui";
import { customRangeError, type RangeChoice } from "../../model/analytics-range";

export interface RangePickerProps {
  choice: RangeChoice;
  /** The two days the choice means now (the custom form starts from them). */
  range: { from: string; to: string };
  timeZone: string;
  onChoose: (choice: RangeChoice) => void;
  /** Starts with the custom form open (a story). */
  defaultCustom?: boolean;
  now?: number;
}

/** The last 7, 30 or 90 days, or a range between two days the admin picks. */
export function RangePicker({ choice, range, timeZone, onChoose, defaultCustom = false, now }: RangePickerProps) {
  const custom = "from" in choice;
  const [open, setOpen] = useState(defaultCustom || custom);
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const problem = customRangeError(from, to, timeZone, now);
    setError(problem);
    if (!problem) onChoose({ from, to });
  };
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Range" className="flex w-fit flex-wrap gap-1 rounded-lg bg-muted p-1">
        {ANALYTICS_PRESETS.map((days) => {
          const pressed = !custom && !open && "preset" in choice && choice.preset === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={pressed}
              onClick={() => {
                setOpen(false);
                setError(null);
                onChoose({ preset: days });
              }}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                pressed ? "bg-surface-raised text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              Last {days} days
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={custom || open}
          onClick={() => setOpen(true)}
          className={cn(
            "flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
            custom || open
              ? "bg-surface-raised text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          <CalendarRange className="size-4" aria-hidden /> Custom
        </button>
      </div>
      {open ? (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-3" aria-label="Custom range" noValidate>
          <div className="grid gap-1">
            <Label htmlFor={`${errorId}-from`}>From</Label>
            <Input
              id={`${errorId}-from`}
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
              className="w-44"
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${errorId}-to`}>To</Label>
            <Input
              id={`${errorId}-to`}
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
              className="w-44"
            />
          </div>
          <Button type="submit" variant="secondary">
            Apply
          </Button>
          {error ? (
            <p id={errorId} role="alert" className="basis-full text-sm text-destructive-text">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
