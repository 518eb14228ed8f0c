import { useId, useState, type ReactNode } from "react";
import { Camera, Star, Wifi, Zap } from "lucide-react";
import { BODY_TYPES, MAX_AGE, MIN_AGE, NO_MEMBER_FILTERS, POSITIONS, type MemberFilters } from "@vicinity/contract";
import {
  Button,
  Input,
  Label,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  ToggleChip,
} from "@vicinity/ui";
import { BODY_TYPE_LABELS, POSITION_LABELS } from "../format";

export interface FiltersSheetProps {
  /** The filters in force: the sheet's draft starts from them. */
  filters: MemberFilters;
  /** A member's: his filters are saved with his account (the sheet says so), and he may show only his Favorites. */
  saved: boolean;
  onApply: (filters: MemberFilters) => void;
  onClose: () => void;
}

/**
 * The Filters sheet (issue 37), open while mounted (MemberFiltersButton mounts it, loaded on demand): age range,
 * position, body type, online now, with photos, Right Now, and a member's Favorites. It edits a draft; "Show members" applies it.
 */
export function FiltersSheet({ filters, saved, onApply, onClose }: FiltersSheetProps) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="bottom"
        className="sm:bottom-4 sm:mx-auto sm:max-w-xl sm:rounded-b-xl"
        // Focus goes to the sheet itself, not its first field: a phone would open its keyboard over the choices.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <FiltersForm initial={filters} saved={saved} onApply={onApply} />
      </SheetContent>
    </Sheet>
  );
}

function FiltersForm({
  initial,
  saved,
  onApply,
}: {
  initial: MemberFilters;
  saved: boolean;
  onApply: (filters: MemberFilters) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<MemberFilters>(initial);
  const [ages, setAges] = useState({ min: String(initial.ageMin), max: String(initial.ageMax) });
  const ageError = ageProblem(ages.min, ages.max);
  // Said once he leaves the age fields (or tries to apply), not at every keystroke on the way to "30".
  const [ageTouched, setAgeTouched] = useState(false);
  const shownAgeError = ageTouched ? ageError : null;
  const errorId = `${id}-age-error`;

  return (
    <form
      className="grid min-h-0 gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setAgeTouched(true);
        if (ageError) return;
        onApply({ ...draft, ageMin: Number(ages.min), ageMax: Number(ages.max) });
      }}
    >
      <SheetHeader className="px-0">
        <SheetTitle>Filters</SheetTitle>
        <SheetDescription>
          Show only the members you are looking for
          {saved ? ". We keep your choice for your next visit." : "."}
        </SheetDescription>
      </SheetHeader>

      <fieldset
        className="grid gap-2"
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setAgeTouched(true);
        }}
      >
        <legend className="mb-2 text-sm font-semibold">Age</legend>
        <div className="flex items-end gap-2">
          <AgeInput
            id={`${id}-min`}
            label="From"
            value={ages.min}
            invalid={Boolean(shownAgeError)}
            describedBy={shownAgeError ? errorId : undefined}
            onChange={(min) => setAges((a) => ({ ...a, min }))}
          />
          <span className="pb-1.5 text-muted-foreground" aria-hidden>
            –
          </span>
          <AgeInput
            id={`${id}-max`}
            label="To"
            value={ages.max}
            invalid={Boolean(shownAgeError)}
            describedBy={shownAgeError ? errorId : undefined}
            onChange={(max) => setAges((a) => ({ ...a, max }))}
          />
        </div>
        {shownAgeError ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive-text">
            {shownAgeError}
          </p>
        ) : null}
      </fieldset>

      <ManyOf
        legend="Position"
        values={POSITIONS}
        labels={POSITION_LABELS}
        chosen={draft.positions}
        onChange={(positions) => setDraft((d) => ({ ...d, positions }))}
      />
      <ManyOf
        legend="Body type"
        values={BODY_TYPES}
        labels={BODY_TYPE_LABELS}
        chosen={draft.bodyTypes}
        onChange={(bodyTypes) => setDraft((d) => ({ ...d, bodyTypes }))}
      />

      <ChipGroup legend="Show only">
        {FLAGS.filter(({ key }) => saved || key !== "favorites").map(({ key, label, icon }) => (
          <ChoiceChip
            key={key}
            pressed={draft[key]}
            onClick={() => setDraft((d) => ({ ...d, [key]: !d[key] }))}
            icon={icon}
          >
            {label}
          </ChoiceChip>
        ))}
      </ChipGroup>

      <SheetFooter className="flex-row justify-between gap-2 px-0">
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft(NO_MEMBER_FILTERS);
            setAges({ min: String(MIN_AGE), max: String(MAX_AGE) });
          }}
        >
          Clear all
        </Button>
        <Button type="submit" disabled={Boolean(ageError)}>
          Show members
        </Button>
      </SheetFooter>
    </form>
  );
}

/** What is wrong with the typed ages, or null. */
export function ageProblem(min: string, max: string): string | null {
  const low = Number(min);
  const high = Number(max);
  const whole = (n: number, text: string) => text.trim() !== "" && Number.isInteger(n) && n >= MIN_AGE && n <= MAX_AGE;
  if (!whole(low, min) || !whole(high, max)) return `Ages go from ${MIN_AGE} to ${MAX_AGE}.`;
  if (low > high) return "The first age must not be above the second.";
  return null;
}

/** One end of the age range, as typed (checked by ageProblem before it applies). */
function AgeInput(props: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="number"
        inputMode="numeric"
        inputSize="sm"
        min={MIN_AGE}
        max={MAX_AGE}
        value={props.value}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        className="w-20"
      />
    </div>
  );
}

/** The yes-or-no filters, in the sheet's order. */
const FLAGS: ReadonlyArray<{
  key: "online" | "photos" | "rightNow" | "favorites";
  label: string;
  icon: ReactNode;
}> = [
  { key: "online", label: "Online now", icon: <Wifi className="size-3.5" aria-hidden /> },
  { key: "photos", label: "With photos", icon: <Camera className="size-3.5" aria-hidden /> },
  { key: "rightNow", label: "Right Now", icon: <Zap className="size-3.5" aria-hidden /> },
  // A member's own (visitors and guests keep none).
  { key: "favorites", label: "Favorites", icon: <Star className="size-3.5" aria-hidden /> },
];

/** A many-of choice (positions, body types): a chip each, pressed when chosen; none chosen filters nothing. */
function ManyOf<T extends string>({
  legend,
  values,
  labels,
  chosen,
  onChange,
}: {
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
}) {
  return (
    <ChipGroup legend={legend}>
      {values.map((value) => (
        <ChoiceChip
          key={value}
          pressed={chosen.includes(value)}
          onClick={() => onChange(chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value])}
        >
          {labels[value]}
        </ChoiceChip>
      ))}
    </ChipGroup>
  );
}

function ChipGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">{children}</div>
    </fieldset>
  );
}

/** A chip of the sheet, bordered so that the unpressed ones read as choices. */
function ChoiceChip({
  pressed,
  onClick,
  icon = null,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <span className="bg-card inline-flex rounded-pill border">
      <ToggleChip pressed={pressed} onClick={onClick} icon={icon}>
        {children}
      </ToggleChip>
    </span>
  );
}
