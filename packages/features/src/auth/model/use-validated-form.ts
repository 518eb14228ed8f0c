import { useState, type ChangeEvent, type FormEvent } from "react";
import type { AuthField, ValidationProblem } from "./validation";

/**
 * A form's values, its one validation problem and its submit handler: on a problem the first
 * field concerned gets the focus (the message is announced); otherwise the values go out.
 * Inputs are found by their `name`, which is their AuthField.
 */
export function useValidatedForm<V extends Partial<Record<AuthField, string>>>({
  initialValues,
  validate,
  onSubmit,
}: {
  initialValues: V;
  validate?: (values: V) => ValidationProblem | null;
  onSubmit: (values: V) => void;
}) {
  const [values, setValues] = useState<V>(initialValues);
  const [problem, setProblem] = useState<ValidationProblem | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate?.(values) ?? null;
    setProblem(found);
    if (found) {
      const first = found.fields[0];
      const input = first ? event.currentTarget.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    onSubmit(values);
  }

  /** Props for the input of `field`: its value and a change handler that clears its problem. */
  function bind(field: AuthField & keyof V) {
    return {
      name: field,
      value: values[field] ?? "",
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
        setProblem((current) => (current?.fields.includes(field) ? null : current));
      },
    };
  }

  const isInvalid = (field: AuthField) => problem?.fields.includes(field) ?? false;

  return { values, problem, handleSubmit, bind, isInvalid };
}
