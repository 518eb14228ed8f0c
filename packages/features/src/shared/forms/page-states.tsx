import { Link } from "react-router";
import { Button, EmptyState, Skeleton, Spinner } from "@vicinity/ui";
import { ApiError, serverMessageOr } from "../http/api-request";

/** How wide a page's column is (an event's page, a group's). */
type PageWidth = "max-w-4xl" | "max-w-5xl";

/** A page with a cover while it loads (an event's, a group's): its words, then the cover's and the title's places. */
export function CoverPageLoading({
  label,
  width,
  coverClassName,
}: {
  label: string;
  width: PageWidth;
  coverClassName: string;
}) {
  return (
    <main aria-busy="true" className={`mx-auto grid w-full ${width} gap-4 px-3 py-6 sm:px-6`}>
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" className="text-accent" /> {label}
      </p>
      <Skeleton className={`${coverClassName} rounded-xl`} />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-24" />
    </main>
  );
}

export interface CoverPageFailedProps {
  error: unknown;
  width: PageWidth;
  /** A 404: what is said, and where to go instead. */
  notFound: { title: string; description: string; to: string; label: string };
  /** Any other failure: its title (the server's message, or a fallback, below it) and a retry. */
  failedTitle: string;
  onRetry: () => void;
}

/** A page with a cover that could not be loaded: not found (a way back), or failed (try again). */
export function CoverPageFailed({ error, width, notFound, failedTitle, onRetry }: CoverPageFailedProps) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <main className={`mx-auto w-full ${width} flex-1 px-3 py-10`}>
      <EmptyState
        level={1}
        title={missing ? notFound.title : failedTitle}
        description={
          <span role="alert">
            {missing ? notFound.description : serverMessageOr(error, "Check your connection and try again.")}
          </span>
        }
        action={
          missing ? (
            <Button asChild variant="outline">
              <Link to={notFound.to}>{notFound.label}</Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )
        }
      />
    </main>
  );
}
