import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn";

const spinnerVariants = cva(
  "inline-block shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent",
  {
    variants: {
      size: {
        sm: "size-4",
        md: "size-6",
        lg: "size-10 border-[3px]",
      },
    },
    defaultVariants: { size: "md" },
  },
);

export interface SpinnerProps extends ComponentProps<"span">, VariantProps<typeof spinnerVariants> {
  /** What is loading, for screen readers. Omit when a visible label sits next to the spinner. */
  label?: string;
}

/** An indeterminate loading indicator. */
export function Spinner({ className, size, label, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role={label ? "status" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    />
  );
}
