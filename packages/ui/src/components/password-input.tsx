import { useId, useState } from "react";
import { Eye, EyeOff } from "lucide-react";
import { cn } from "../lib/cn";
import { Input, type InputProps } from "./input";

export interface PasswordInputProps extends Omit<InputProps, "type"> {
  /** Start with the password visible. */
  defaultVisible?: boolean;
  /** Class names for the wrapper (the `className` prop goes to the <input>). */
  wrapperClassName?: string;
  showLabel?: string;
  hideLabel?: string;
}

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({
  className,
  wrapperClassName,
  defaultVisible = false,
  showLabel = "Show password",
  hideLabel = "Hide password",
  disabled,
  inputSize,
  id,
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(defaultVisible);
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div data-slot="password-input" className={cn("relative w-full", wrapperClassName)}>
      <Input
        type={visible ? "text" : "password"}
        autoComplete="current-password"
        disabled={disabled}
        inputSize={inputSize}
        id={inputId}
        className={cn(inputSize === "lg" ? "pr-12" : "pr-10", className)}
        {...props}
      />
      <button
        type="button"
        data-slot="password-input-toggle"
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        aria-controls={inputId}
        disabled={disabled}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4"
      >
        {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
      </button>
    </div>
  );
}
