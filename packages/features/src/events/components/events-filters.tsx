import { SlidersHorizontal } from "lucide-react";
import { EVENT_DEFAULT_RADIUS_KM, EVENT_RADII_KM, type EventFilter } from "@vicinity/contract";
import {
  ToggleChip,
  Button,
  cn,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "@vicinity/ui";

export interface EventsFilters {
  filter: EventFilter;
  radius: number;
  sort: "soonest" | "nearest";
}

export const DEFAULT_EVENTS_FILTERS: EventsFilters = {
  filter: "all",
  radius: EVENT_DEFAULT_RADIUS_KM,
  sort: "soonest",
};

export const FILTER_LABELS: Record<EventFilter, string> = {
  all: "All upcoming",
  today: "Today",
  weekend: "This weekend",
  going: "Going",
  hosting: "Hosting",
};

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <ToggleChip pressed={pressed} onClick={onClick} icon={null}>
      {children}
    </ToggleChip>
  );
}

/** The filters themselves: when (today, this weekend), mine (going, hosting), how far, in which order. */
export function EventsFilterControls({
  value,
  onChange,
  stacked = false,
}: {
  value: EventsFilters;
  onChange: (next: EventsFilters) => void;
  stacked?: boolean;
}) {
  return (
    <div className={cn("flex flex-wrap items-center gap-2", stacked && "grid gap-4")}>
      <div role="group" aria-label="Show" className="flex flex-wrap gap-2">
        {(Object.keys(FILTER_LABELS) as EventFilter[]).map((key) => (
          <Chip key={key} pressed={value.filter === key} onClick={() => onChange({ ...value, filter: key })}>
            {FILTER_LABELS[key]}
          </Chip>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          Within
          <select
            value={value.radius}
            onChange={(e) => onChange({ ...value, radius: Number(e.target.value) })}
            className="bg-card h-9 rounded-md border border-input px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            {EVENT_RADII_KM.map((r) => (
              <option key={r} value={r}>
                {r} km
              </option>
            ))}
          </select>
        </label>
        <div role="group" aria-label="Order" className="flex gap-2">
          <Chip pressed={value.sort === "soonest"} onClick={() => onChange({ ...value, sort: "soonest" })}>
            Soonest
          </Chip>
          <Chip pressed={value.sort === "nearest"} onClick={() => onChange({ ...value, sort: "nearest" })}>
            Nearest
          </Chip>
        </div>
      </div>
    </div>
  );
}

function activeCount(value: EventsFilters): number {
  return (
    (value.filter !== "all" ? 1 : 0) +
    (value.radius !== EVENT_DEFAULT_RADIUS_KM ? 1 : 0) +
    (value.sort !== "soonest" ? 1 : 0)
  );
}

/** On phones: a Filters button opening a bottom sheet of the same controls. */
export function EventsFilterSheet({
  value,
  onChange,
}: {
  value: EventsFilters;
  onChange: (next: EventsFilters) => void;
}) {
  const count = activeCount(value);
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm">
          <SlidersHorizontal aria-hidden /> Filters{count > 0 ? ` (${count})` : ""}
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>Filter events</SheetTitle>
          <SheetDescription>
            {FILTER_LABELS[value.filter]}, within {value.radius} km, {value.sort} first.
          </SheetDescription>
        </SheetHeader>
        <EventsFilterControls value={value} onChange={onChange} stacked />
      </SheetContent>
    </Sheet>
  );
}
