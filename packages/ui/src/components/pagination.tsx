import type { ComponentProps } from "react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "../lib/cn";
import { Button } from "./button";

export interface PaginationProps extends Omit<ComponentProps<"nav">, "onChange"> {
  /** The page shown, from 0. */
  page: number;
  /** Whether there is a page after this one (lists that do not count their rows know only this). */
  hasNext: boolean;
  onPageChange: (page: number) => void;
  /** What a page holds, for the status line ("Page 2 of the audit log"). */
  label: string;
  /** Moving is off while a page loads. */
  disabled?: boolean;
}

/** Previous / next pages of a long list, with where you are; a landmark named by `label`. */
export function Pagination({
  page,
  hasNext,
  onPageChange,
  label,
  disabled = false,
  className,
  ...props
}: PaginationProps) {
  if (page === 0 && !hasNext) return null;
  return (
    <nav
      data-slot="pagination"
      aria-label={`Pages of ${label}`}
      className={cn("flex items-center justify-between gap-3", className)}
      {...props}
    >
      <Button variant="outline" size="sm" disabled={disabled || page === 0} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden /> Previous
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Page {page + 1}
      </p>
      <Button variant="outline" size="sm" disabled={disabled || !hasNext} onClick={() => onPageChange(page + 1)}>
        Next <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
