import type { ComponentProps } from "react";
import { Dialog as SheetPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import { cn } from "../lib/cn";
import { closeButtonClassName } from "./dialog";

/** A panel that slides in from the bottom of the screen (phones) or the right (wider screens). */
export function Sheet(props: ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

export function SheetOverlay({ className, ...props }: ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn("fixed inset-0 z-50 bg-overlay data-[state=open]:animate-fade-in", className)}
      {...props}
    />
  );
}

export const sheetVariants = cva(
  "fixed z-50 flex flex-col gap-4 overflow-y-auto border-border bg-surface-raised text-foreground shadow-lg outline-none",
  {
    variants: {
      side: {
        bottom:
          "inset-x-0 bottom-0 max-h-[90dvh] rounded-t-xl border-t px-5 pt-3 pb-[max(1.5rem,env(safe-area-inset-bottom))] data-[state=open]:animate-slide-up",
        right:
          "inset-y-0 right-0 h-full w-[85%] max-w-md border-l p-6 transition-[translate] duration-(--duration-slow) ease-(--ease-standard) starting:translate-x-full",
      },
    },
    defaultVariants: { side: "bottom" },
  },
);

export interface SheetContentProps
  extends ComponentProps<typeof SheetPrimitive.Content>, VariantProps<typeof sheetVariants> {
  /** Show the "Close" (X) button in the corner. */
  showCloseButton?: boolean;
  closeLabel?: string;
}

/** Always give it a SheetTitle and a SheetDescription (or aria-describedby={undefined}). */
export function SheetContent({
  className,
  children,
  side,
  showCloseButton = true,
  closeLabel = "Close",
  ...props
}: SheetContentProps) {
  const resolvedSide = side ?? "bottom";
  return (
    <SheetPrimitive.Portal data-slot="sheet-portal">
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={resolvedSide}
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {resolvedSide === "bottom" ? (
          <div
            data-slot="sheet-handle"
            aria-hidden="true"
            className="mx-auto h-1.5 w-10 shrink-0 rounded-pill bg-muted-foreground/40"
          />
        ) : null}
        {children}
        {showCloseButton ? (
          <SheetPrimitive.Close data-slot="sheet-close" className={closeButtonClassName} aria-label={closeLabel}>
            <X aria-hidden="true" />
          </SheetPrimitive.Close>
        ) : null}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sheet-header" className={cn("flex flex-col gap-1.5 pr-10", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sheet-footer" className={cn("mt-auto flex flex-col gap-2", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn("font-display text-xl leading-tight font-semibold tracking-tight", className)}
      {...props}
    />
  );
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
