import { lazy, Suspense, useState } from "react";
import { SlidersHorizontal } from "lucide-react";
import { activeFilterCount, type MemberFilters } from "@vicinity/contract";
import { Button } from "@vicinity/ui";

const loadFiltersSheet = () => import("./grid-filters-form");
const FiltersSheet = lazy(() => loadFiltersSheet().then((m) => ({ default: m.FiltersSheet })));

export interface GridFiltersButtonProps {
  filters: MemberFilters;
  onApply: (filters: MemberFilters) => void;
  /** A member's filters are saved with his account; a visitor's stay in the address. */
  saved?: boolean;
  /** Opened at first (stories). */
  defaultOpen?: boolean;
}

/**
 * The grid's Filters button and its sheet (issue 37): age range, position, body type, online now, with photos, Right
 * Now. The sheet edits a draft; "Show members" applies it (the address, and a member's saved filters).
 */
export function GridFiltersButton({ filters, onApply, saved = false, defaultOpen = false }: GridFiltersButtonProps) {
  const [open, setOpen] = useState(defaultOpen);
  const count = activeFilterCount(filters);
  return (
    <>
      <Button
        variant={count > 0 ? "secondary" : "outline"}
        size="sm"
        className="rounded-pill"
        onClick={() => setOpen(true)}
        // Fetched as the finger or pointer comes, so that the sheet opens at once.
        onPointerEnter={() => void loadFiltersSheet()}
        onFocus={() => void loadFiltersSheet()}
        aria-label={count > 0 ? `Filters, ${count} on` : "Filters"}
      >
        <SlidersHorizontal aria-hidden />
        Filters
        {count > 0 ? (
          <span aria-hidden className="rounded-pill bg-accent px-1.5 text-xs leading-5 text-accent-foreground">
            {count}
          </span>
        ) : null}
      </Button>
      {/* The sheet's code (a dialog, the form) comes when it is first wanted: the home's first load does without it. */}
      {open ? (
        <Suspense fallback={null}>
          <FiltersSheet
            filters={filters}
            saved={saved}
            onClose={() => setOpen(false)}
            onApply={(next) => {
              setOpen(false);
              onApply(next);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
