import { useMemo } from "react";
import { FormField, Input } from "@vicinity/ui";
import { timeZones } from "../time/local-time";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive";

export interface TimeRangeValues {
  startsLocal: string;
  endsLocal: string;
  timeZone: string;
}

export interface TimeRangeFieldsProps {
  values: TimeRangeValues;
  errors: { startsAt?: string; endsAt?: string; timeZone?: string };
  onChange: (change: Partial<TimeRangeValues>) => void;
  /** What the zone is (the venue's, the campaign's). */
  zoneHint: string;
}

/** A start, an end (datetime-local, read in the zone) and the zone: an event's times, a campaign's schedule. */
export function TimeRangeFields({ values, errors, onChange, zoneHint }: TimeRangeFieldsProps) {
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Starts" required error={errors.startsAt}>
          <Input
            type="datetime-local"
            value={values.startsLocal}
            onChange={(e) => onChange({ startsLocal: e.target.value })}
          />
        </FormField>
        <FormField label="Ends" required error={errors.endsAt}>
          <Input
            type="datetime-local"
            value={values.endsLocal}
            onChange={(e) => onChange({ endsLocal: e.target.value })}
          />
        </FormField>
      </div>
      <FormField label="Time zone" error={errors.timeZone} hint={zoneHint}>
        {(control) => (
          <select
            {...control}
            value={values.timeZone}
            onChange={(e) => onChange({ timeZone: e.target.value })}
            className={selectClass}
          >
            {zones.map((z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </>
  );
}
