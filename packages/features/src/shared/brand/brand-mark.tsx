import { PRODUCT_NAME } from "@vicinity/contract";
import { cn } from "@vicinity/ui";

/** The wordmark: a location pulse and the product name. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-display text-xl font-bold tracking-tight", className)}>
      <span className="relative flex size-7 items-center justify-center rounded-full bg-accent" aria-hidden>
        <span className="size-2.5 rounded-full bg-accent-foreground" />
      </span>
      {PRODUCT_NAME}
    </span>
  );
}
