import { Link } from "react-router";
import { CalendarDays, CalendarPlus } from "lucide-react";
import { Button, EmptyState, Skeleton, Spinner } from "@vicinity/ui";

export const NO_EVENTS = "No events nearby";

/** The list's first page on its way. */
export function EventsLoading({ variant = "list" }: { variant?: "list" | "grid" }) {
  return (
    <div aria-busy="true" className="grid gap-3">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" className="text-accent" /> Loading events…
      </p>
      {variant === "grid" ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/3] rounded-xl" />
          ))}
        </div>
      ) : (
        [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-20 rounded-lg" />)
      )}
    </div>
  );
}

export function HostEventButton({ variant = "primary" }: { variant?: "primary" | "outline" }) {
  return (
    <Button asChild variant={variant}>
      <Link to="/events/new">
        <CalendarPlus aria-hidden /> Host an event
      </Link>
    </Button>
  );
}

export function EventsEmpty({
  description = "Nothing is planned around you yet. Start something.",
}: {
  description?: string;
}) {
  return (
    <EmptyState
      icon={<CalendarDays aria-hidden />}
      title={NO_EVENTS}
      description={description}
      action={<HostEventButton />}
    />
  );
}

export function EventsError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <EmptyState
      title="Events could not be loaded"
      description={<span role="alert">{message}</span>}
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
