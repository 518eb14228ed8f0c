import { useEffect, useState, type ComponentType } from "react";
import { SlidersHorizontal } from "lucide-react";
import { activeFilterCount, type MemberFilters } from "@vicinity/contract";
import { Button, cn, toast } from "@vicinity/ui";
import type { FiltersSheetProps } from "./filters-sheet";

/** The sheet's code (a dialog, the form): asked for once, again after a failure. */
let sheetModule: Promise<ComponentType<FiltersSheetProps>> | undefined;
export function loadFiltersSheet(): Promise<ComponentType<FiltersSheetProps>> {
  return (sheetModule ??= import("./filters-sheet").then(
    (m) => m.FiltersSheet,
    (error: unknown) => {
      sheetModule = undefined;
      throw error;
    },
  ));
}

export interface MemberFiltersButtonProps {
  filters: MemberFilters;
  onApply: (filters: MemberFilters) => void;
  /** A member's filters are saved with his account; a visitor's stay in the address. */
  saved?: boolean;
  /** Opened at first (stories). */
  defaultOpen?: boolean;
  className?: string;
  /** Where the sheet's code comes from (stories: one that fails). */
  load?: () => Promise<ComponentType<FiltersSheetProps>>;
}

/**
 * The Filters button and its sheet (issue 37), on the grid and the map: age range, position, body type, online now,
 * with photos, Right Now. The sheet edits a draft; "Show members" applies it (the address, and a member's saved
 * filters). Its code comes when first wanted (the home's first load does without it); should it fail to come (the
 * connection dropped), he is told and the button works again.
 */
export function MemberFiltersButton({
  filters,
  onApply,
  saved = false,
  defaultOpen = false,
  className,
  load = loadFiltersSheet,
}: MemberFiltersButtonProps) {
  const [Sheet, setSheet] = useState<ComponentType<FiltersSheetProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const count = activeFilterCount(filters);
  const openSheet = () => {
    if (Sheet) return setOpen(true);
    setLoading(true);
    load().then(
      (component) => {
        setSheet(() => component);
        setOpen(true);
        setLoading(false);
      },
      () => {
        setLoading(false);
        toast({
          title: "Filters could not be opened",
          description: "Check your connection and try again.",
          variant: "destructive",
        });
      },
    );
  };
  // Stories open it at first: once its code has come.
  useEffect(() => {
    if (!defaultOpen) return;
    let current = true;
    void load().then((component) => {
      if (!current) return;
      setSheet(() => component);
      setOpen(true);
    });
    return () => {
      current = false;
    };
  }, [defaultOpen, load]);
  return (
    <>
      <Button
        variant={count > 0 ? "secondary" : "outline"}
        size="sm"
        className={cn("rounded-pill", className)}
        onClick={openSheet}
        aria-busy={loading || undefined}
        // Fetched as the finger or pointer comes, so that the sheet opens at once.
        onPointerEnter={() => void load().catch(() => undefined)}
        onFocus={() => void load().catch(() => undefined)}
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
      {open && Sheet ? (
        <Sheet
          filters={filters}
          saved={saved}
          onClose={() => setOpen(false)}
          onApply={(next) => {
            setOpen(false);
            onApply(next);
          }}
        />
      ) : null}
    </>
  );
}
