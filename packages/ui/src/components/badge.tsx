import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 overflow-hidden rounded-pill border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:pointer-events-none [&_svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-secondary text-secondary-foreground",
        accent: "border-transparent bg-accent text-accent-foreground",
        outline: "border-border bg-transparent text-foreground",
        // Solid in the light theme, tinted in the dark one: both keep text contrast above 4.5:1.
        success:
          "border-transparent bg-success text-success-foreground dark:border-success/40 dark:bg-success/15 dark:text-online",
        destructive:
          "border-transparent bg-destructive text-destructive-foreground dark:border-destructive/40 dark:bg-destructive/15 dark:text-destructive-text",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface BadgeProps extends ComponentProps<"span">, VariantProps<typeof badgeVariants> {
  asChild?: boolean;
}

/** A short status or category label. */
export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : "span";
  return <Comp data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}

/** How a count reads on a badge: '' for 0 or less, the number up to `max`, then '9+'. */
export function formatBadgeCount(n: number, max = 9): string {
  if (!Number.isFinite(n) || n <= 0) return "";
  const count = Math.floor(n);
  if (count <= 0) return "";
  return count > max ? `${max}+` : String(count);
}

export interface CountBadgeProps extends Omit<ComponentProps<"span">, "children"> {
  count: number;
  /** Above this, the badge reads `${max}+`. */
  max?: number;
  /** Noun for the accessible label: "3 unread", "1 new match"... */
  label?: string;
}

/**
 * A small counter (unread messages, new likes). Renders nothing for 0. Screen readers hear
 * "3 unread" (the visible "3" is hidden from them), so inside a link it reads "Messages, 3 unread".
 */
export function CountBadge({ count, max = 9, label = "unread", className, ...props }: CountBadgeProps) {
  const text = formatBadgeCount(count, max);
  if (!text) return null;
  return (
    <span
      data-slot="count-badge"
      className={cn(
        "inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-pill bg-accent px-1.5 text-xs leading-none font-bold text-accent-foreground tabular-nums",
        className,
      )}
      {...props}
    >
      <span aria-hidden="true">{text}</span>
      <span className="sr-only">{`${text} ${label}`}</span>
    </span>
  );
}
