import { cloneElement, isValidElement, useId, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { cn } from "../lib/cn";
import { Label } from "./label";

/** What FormField hands to its control: spread these onto the input. */
export interface FormFieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
}

type ControlElement = ReactElement<{
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  "aria-required"?: boolean | "true" | "false";
}>;

export interface FormFieldProps extends Omit<ComponentProps<"div">, "children"> {
  label: ReactNode;
  /** Help shown under the control, linked to it with aria-describedby. */
  hint?: ReactNode;
  /** An error message: marks the control invalid and is announced (role="alert"). */
  error?: ReactNode;
  /** Marks the control required (aria-required) and shows an asterisk after the label. */
  required?: boolean;
  /**
   * The control: one element (an Input, say), which gets id, aria-describedby and aria-invalid,
   * or a function that receives those props to spread where they belong.
   */
  children: ControlElement | ((control: FormFieldControlProps) => ReactNode);
}

/** A label, a control, an optional hint and an optional error, wired together for assistive tech. */
export function FormField({ label, hint, error, required, children, className, ...props }: FormFieldProps) {
  const baseId = useId();
  const childId = typeof children !== "function" && isValidElement(children) ? children.props.id : undefined;
  const controlId = childId ?? `${baseId}-control`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== "";

  const describedBy = [
    typeof children !== "function" ? children.props["aria-describedby"] : undefined,
    hint ? hintId : undefined,
    hasError ? errorId : undefined,
  ]
    .filter(Boolean)
    .join(" ");

  const controlProps: FormFieldControlProps = {
    id: controlId,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(hasError ? { "aria-invalid": true as const } : {}),
    ...(required ? { "aria-required": true as const } : {}),
  };

  const control = typeof children === "function" ? children(controlProps) : cloneElement(children, controlProps);

  return (
    <div data-slot="form-field" className={cn("grid gap-2", className)} {...props}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive-text">
            *
          </span>
        ) : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} data-slot="form-field-hint" className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} data-slot="form-field-error" role="alert" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </div>
  );
}
