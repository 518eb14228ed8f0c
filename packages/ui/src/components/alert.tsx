import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert } from "lucide-react";
import { cn } from "../lib/cn";

export const alertVariants = cva("rounded-md border text-sm", {
  variants: {
    variant: {
      // A problem with a whole form or action, after its icon.
      destructive:
        "flex items-start gap-2.5 border-destructive/60 bg-destructive/10 px-3.5 py-3 font-medium text-destructive-text",
      // The same said more quietly, without an icon: the server's refusal above a form's button.
      quiet: "border-destructive/50 bg-destructive/10 p-3 text-destructive-text",
    },
  },
  defaultVariants: { variant: "destructive" },
});

export interface AlertProps extends ComponentProps<"div">, VariantProps<typeof alertVariants> {}

/**
 * A problem with a whole form or action (the server's message, say) in a box, announced when it
 * appears. A field's own error belongs under its field (FormField's `error`), not here.
 */
export function Alert({ variant, className, children, ...props }: AlertProps) {
  return (
    <div role="alert" data-slot="alert" className={cn(alertVariants({ variant }), className)} {...props}>
      {variant === "quiet" ? (
        children
      ) : (
        <>
          <CircleAlert className="mt-px size-4 shrink-0" aria-hidden />
          <p className="min-w-0 break-words">{children}</p>
        </>
      )}
    </div>
  );
}
