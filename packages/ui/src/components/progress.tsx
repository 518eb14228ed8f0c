import type { ComponentProps } from "react";
import { Progress as ProgressPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn";

export const progressVariants = cva("relative w-full overflow-hidden rounded-pill bg-muted", {
  variants: {
    size: {
      sm: "h-1.5",
      md: "h-2.5",
      lg: "h-4",
    },
  },
  defaultVariants: { size: "md" },
});

const indicatorVariants = cva(
  "h-full w-full flex-1 rounded-pill transition-transform duration-(--duration-slow) ease-(--ease-standard)",
  {
    variants: {
      tone: {
        accent: "bg-accent",
        success: "bg-success",
      },
    },
    defaultVariants: { tone: "accent" },
  },
);

export interface ProgressProps
  extends
    Omit<ComponentProps<typeof ProgressPrimitive.Root>, "max">,
    VariantProps<typeof progressVariants>,
    VariantProps<typeof indicatorVariants> {
  /** 0-100; values outside are clamped. `null` means indeterminate. */
  value?: number | null;
}

/** A progress bar. Name it with `aria-label` (or aria-labelledby) so screen readers know what it measures. */
export function Progress({ className, value = 0, size, tone, ...props }: ProgressProps) {
  const clamped = value === null ? null : Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      value={clamped}
      max={100}
      className={cn(progressVariants({ size }), className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(indicatorVariants({ tone }), clamped === null && "w-1/3 animate-pulse")}
        style={clamped === null ? undefined : { transform: `translateX(-${100 - clamped}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
