import { useState, type KeyboardEvent } from "react";
import { X } from "lucide-react";
import { cn } from "../lib/cn";
import { Input, type InputProps } from "./input";

export interface TagInputProps extends Omit<InputProps, "value" | "onChange" | "defaultValue"> {
  /** The chosen tags, in order. */
  value: string[];
  onChange: (tags: string[]) => void;
  /** At most this many: the field is disabled when full. */
  max: number;
  /** The accessible name of the chosen tags' list ("Chosen interests"). */
  listLabel: string;
  /** How a typed tag is stored (default: trimmed, lower case). */
  normalize?: (text: string) => string;
  /** Says why a typed tag cannot be added (too long, say), or null; shown by the caller through onProblem. */
  problem?: (tag: string, tags: string[]) => string | null;
  onProblem?: (message: string | null) => void;
}

const lowerTrim = (text: string) => text.trim().toLowerCase();

/**
 * A text field that turns what is typed into tags: Enter, a comma or leaving the field adds it,
 * Backspace in the empty field takes the last one back into the field; each tag has its remove
 * button. Inside a FormField, the field gets the label, hint and error (spread FormField's props).
 */
export function TagInput({
  value,
  onChange,
  max,
  listLabel,
  normalize = lowerTrim,
  problem,
  onProblem,
  className,
  disabled,
  onBlur,
  onKeyDown,
  ...props
}: TagInputProps) {
  const [text, setText] = useState("");
  const full = value.length >= max;

  function add(): boolean {
    const tag = normalize(text);
    if (!tag) return false;
    if (value.includes(tag)) {
      setText("");
      return true;
    }
    const refused = problem?.(tag, value) ?? null;
    onProblem?.(refused);
    if (refused || full) return false;
    onChange([...value, tag]);
    setText("");
    return true;
  }

  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.key === "Enter" || e.key === ",") {
      // Enter adds a tag instead of submitting the form (an empty field lets it submit).
      if (text.trim() || e.key === ",") e.preventDefault();
      add();
    } else if (e.key === "Backspace" && text === "" && value.length > 0) {
      e.preventDefault();
      setText(value[value.length - 1] ?? "");
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div data-slot="tag-input" className={cn("grid gap-2", className)}>
      <Input
        {...props}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onProblem?.(null);
        }}
        onKeyDown={keyDown}
        onBlur={(e) => {
          add();
          onBlur?.(e);
        }}
        disabled={disabled || full}
        autoComplete="off"
      />
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={listLabel}>
          {value.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-pill border py-0.5 pr-1 pl-2.5 text-sm">
              {tag}
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((t) => t !== tag))}
                aria-label={`Remove ${tag}`}
                className="grid size-5 place-items-center rounded-pill hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
