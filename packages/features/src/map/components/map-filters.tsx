import { useId, useState } from "react";
import { Wifi, Zap } from "lucide-react";
import { MAX_AGE, MIN_AGE } from "@vicinity/contract";
import { Button, cn, Input, Label, ToggleChip } from "@vicinity/ui";
import { filtersActive, NO_FILTERS, type MapFilters } from "../model/filters";

export interface MapFiltersPanelProps {
  filters: MapFilters;
  onChange: (filters: MapFilters) => void;
  className?: string;
}

/** Online now, Right Now and an age range, over the members loaded. */
export function MapFiltersPanel({ filters, onChange, className }: MapFiltersPanelProps) {
  const id = useId();
  return (
    <div role="group" aria-label="Filters" className={cn("grid gap-3", className)}>
      <div className="inline-flex w-fit rounded-pill border bg-surface p-0.5">
        <ToggleChip
          pressed={filters.onlineOnly}
          onClick={() => onChange({ ...filters, onlineOnly: !filters.onlineOnly })}
          icon={<Wifi className="size-3.5" aria-hidden />}
        >
          Online now
        </ToggleChip>
        <ToggleChip
          pressed={filters.rightNowOnly}
          onClick={() => onChange({ ...filters, rightNowOnly: !filters.rightNowOnly })}
          icon={<Zap className="size-3.5" aria-hidden />}
        >
          Right Now
        </ToggleChip>
      </div>
      <div className="flex items-end gap-2">
        <AgeField
          id={`${id}-min`}
          label="Min age"
          value={filters.ageMin}
          open={MIN_AGE}
          onChange={(ageMin) => onChange({ ...filters, ageMin })}
        />
        <span className="pb-1.5 text-muted-foreground" aria-hidden>
          –
        </span>
        <AgeField
          id={`${id}-max`}
          label="Max age"
          value={filters.ageMax}
          open={MAX_AGE}
          onChange={(ageMax) => onChange({ ...filters, ageMax })}
        />
        {filtersActive(filters) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            Clear
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** One end of the age range: what is typed stays as typed; a number applies, an empty field opens that end. */
function AgeField({
  id,
  label,
  value,
  open,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  open: number;
  onChange: (age: number) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(value);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputSize="sm"
        min={MIN_AGE}
        max={MAX_AGE}
        value={shown}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number.parseInt(e.target.value, 10);
          onChange(Number.isFinite(n) ? Math.min(MAX_AGE, Math.max(0, n)) : open);
        }}
        onBlur={() => setDraft(null)}
        className="w-20"
      />
    </div>
  );
}
