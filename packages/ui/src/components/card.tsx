import type { ComponentProps } from "react";
import { Slot } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn";

export const cardVariants = cva("flex flex-col gap-4 rounded-lg border py-5 text-foreground", {
  variants: {
    variant: {
      default: "border-border bg-surface",
      raised: "border-border bg-surface-raised shadow-md",
      interactive:
        "cursor-pointer border-border bg-surface transition-[border-color,box-shadow,background-color] duration-(--duration-base) hover:border-accent/60 hover:bg-surface-raised hover:shadow-glow focus-visible:border-accent focus-visible:shadow-glow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
    },
  },
  defaultVariants: { variant: "default" },
});

export interface CardProps extends ComponentProps<"div">, VariantProps<typeof cardVariants> {
  /** Render the child (a link, say) with the card's styles: use it for interactive cards. */
  asChild?: boolean;
}

/** A surface that groups related content. */
export function Card({ className, variant, asChild = false, ...props }: CardProps) {
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      data-slot="card"
      data-variant={variant ?? "default"}
      className={cn(cardVariants({ variant }), className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5 px-5", className)} {...props} />;
}

export interface CardTitleProps extends ComponentProps<"h3"> {
  /** Render the child (an h2, say) instead of an h3, to fit the page's heading outline. */
  asChild?: boolean;
}

export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot.Root : "h3";
  return (
    <Comp
      data-slot="card-title"
      className={cn("font-display text-lg leading-tight font-semibold tracking-tight", className)}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-5 text-sm", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex items-center gap-2 px-5", className)} {...props} />;
}
