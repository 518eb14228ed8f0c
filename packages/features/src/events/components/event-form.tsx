import { useState, type FormEvent, type ReactNode } from "react";
import {
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_CAPACITY_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  EVENT_DESCRIPTION_MAX_LENGTH,
  type EventInput,
} from "@vicinity/contract";
import { FormField, Input } from "@vicinity/ui";
import { validateEventForm, type EventFormErrors, type EventFormValues } from "../model/form";
import {
  CoverUpload,
  FieldError,
  FormServerError,
  LazyEventsMap,
  SubmitRow,
  TimeRangeFields,
} from "@vicinity/features/shared";

const controlClass =
  "w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-invalid:border-destructive";

export interface EventFormProps {
  initial: EventFormValues;
  /** A new event (its start must be in the future) or an edit. */
  creating: boolean;
  submitting: boolean;
  /** The server's refusal (a 400's message), shown above the button. */
  serverError?: string | null;
  onSubmit: (input: EventInput) => void;
  /** Stories show the errors of values given at once. */
  showErrorsAtOnce?: boolean;
}

/** The host's form: what, when (in which zone), where (a pin on the map), how many, the cover. */
export function EventForm({
  initial,
  creating,
  submitting,
  serverError = null,
  onSubmit,
  showErrorsAtOnce = false,
}: EventFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<EventFormErrors>(() =>
    showErrorsAtOnce ? (validateEventForm(initial, { creating }).errors ?? {}) : {},
  );
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof EventFormValues>(key: K, value: EventFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const result = validateEventForm(values, { creating });
    setErrors(result.errors ?? {});
    if (result.input) onSubmit(result.input);
  }

  const row = (children: ReactNode) => <div className="grid gap-4 sm:grid-cols-2">{children}</div>;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      aria-label={creating ? "Host an event" : "Edit the event"}
    >
      <FormField label="Title" required error={errors.title}>
        <Input value={values.title} onChange={(e) => set("title", e.target.value)} autoComplete="off" />
      </FormField>
      <FormField
        label="Description"
        error={errors.description}
        hint={`Up to ${EVENT_DESCRIPTION_MAX_LENGTH.toLocaleString("en-US")} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            rows={4}
            className={controlClass}
          />
        )}
      </FormField>
      <FormField label="Category" error={errors.category}>
        {(control) => (
          <select
            {...control}
            value={values.category}
            onChange={(e) => set("category", e.target.value as EventFormValues["category"])}
            className={`${controlClass} bg-card h-10`}
          >
            {EVENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {EVENT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TimeRangeFields
        values={values}
        errors={errors}
        onChange={(change) => setValues((v) => ({ ...v, ...change }))}
        zoneHint="The venue's: the times above are read in it."
      />
      {row(
        <>
          <FormField label="Venue" required error={errors.venueName}>
            <Input value={values.venueName} onChange={(e) => set("venueName", e.target.value)} autoComplete="off" />
          </FormField>
          <FormField label="Address" error={errors.address}>
            <Input
              value={values.address}
              onChange={(e) => set("address", e.target.value)}
              maxLength={EVENT_ADDRESS_MAX_LENGTH + 50}
              autoComplete="street-address"
            />
          </FormField>
        </>,
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.addressOnlyForGoing}
          onChange={(e) => set("addressOnlyForGoing", e.target.checked)}
          className="size-4 accent-[var(--color-accent)]"
        />
        Share the address only with those going
      </label>
      <div className="grid gap-2">
        <span className="text-sm font-medium" id="event-pin-label">
          Where on the map
        </span>
        <p className="text-sm text-muted-foreground" id="event-pin-hint">
          Click the map to place the pin. Others see it a little off, never the exact spot.
        </p>
        <div className="h-56 overflow-hidden rounded-lg border">
          <LazyEventsMap
            center={values}
            zoom={13}
            pins={[{ id: "pin", latitude: values.latitude, longitude: values.longitude, label: "The venue's pin" }]}
            onPlace={(p) => setValues((v) => ({ ...v, latitude: p.latitude, longitude: p.longitude }))}
            label="Map: click to place the venue's pin"
            className="h-full rounded-none"
          />
        </div>
        <FieldError message={errors.position} />
      </div>
      <FormField
        label="Capacity"
        required
        error={errors.capacity}
        hint={`How many can go: ${EVENT_CAPACITY_MIN} to ${EVENT_CAPACITY_MAX.toLocaleString("en-US")}. Others join the waitlist.`}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={EVENT_CAPACITY_MIN}
          max={EVENT_CAPACITY_MAX}
          value={values.capacity}
          onChange={(e) => set("capacity", e.target.value)}
          className="max-w-40"
        />
      </FormField>
      <CoverUpload
        coverUrl={values.coverUrl}
        onBusyChange={setUploading}
        onChange={(cover) =>
          setValues((v) => ({ ...v, coverMediaId: cover?.id ?? null, coverUrl: cover?.url ?? null }))
        }
      />
      <FieldError message={errors.coverMediaId} />
      <FormServerError message={serverError} />
      <SubmitRow
        label={creating ? "Create event" : "Save changes"}
        busyLabel={creating ? "Creating..." : "Saving..."}
        submitting={submitting}
        disabled={uploading}
      />
    </form>
  );
}
