import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn";

export const inputVariants = cva(
  "flex w-full min-w-0 rounded-md border border-input bg-surface text-foreground shadow-sm transition-colors duration-(--duration-fast) placeholder:text-muted-foreground hover:border-muted-foreground/60 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive file:border-0 file:bg-transparent file:font-medium file:text-foreground",
  {
    variants: {
      inputSize: {
        sm: "h-8 px-2.5 text-sm",
        md: "h-10 px-3 text-sm",
        lg: "h-12 px-4 text-base",
      },
    },
    defaultVariants: { inputSize: "md" },
  },
);

export interface InputProps extends ComponentProps<"input">, VariantProps<typeof inputVariants> {}

/** A single-line text field. Set `aria-invalid` to show the error state. */
export function Input({ className, inputSize, type, ...props }: InputProps) {
  return (
    <input data-slot="input" type={type ?? "text"} className={cn(inputVariants({ inputSize }), className)} {...props} />
  );
}
