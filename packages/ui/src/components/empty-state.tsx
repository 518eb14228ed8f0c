import type { ComponentProps, ReactNode } from "react";
import { cn } from "../lib/cn";

export interface EmptyStateProps extends Omit<ComponentProps<"div">, "title"> {
  /** A decorative icon (hidden from screen readers). */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A call to action: a Button, a link. */
  action?: ReactNode;
  /** The title's heading level, to fit the page outline. */
  level?: 1 | 2 | 3 | 4 | 5 | 6;
}

/** What a list or screen shows when it has nothing in it yet. */
export function EmptyState({ icon, title, description, action, level = 2, className, ...props }: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div
      data-slot="empty-state"
      className={cn("flex flex-col items-center justify-center gap-3 px-6 py-10 text-center", className)}
      {...props}
    >
      {icon ? (
        <div
          data-slot="empty-state-icon"
          aria-hidden="true"
          className="mb-1 flex size-14 items-center justify-center rounded-pill bg-muted text-accent-text [&_svg]:size-7"
        >
          {icon}
        </div>
      ) : null}
      <Heading
        data-slot="empty-state-title"
        className="font-display text-xl font-semibold tracking-tight text-foreground"
      >
        {title}
      </Heading>
      {description ? (
        <p data-slot="empty-state-description" className="max-w-sm text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {action ? (
        <div data-slot="empty-state-action" className="mt-2 flex flex-wrap items-center justify-center gap-2">
          {action}
        </div>
      ) : null}
    </div>
  );
}
