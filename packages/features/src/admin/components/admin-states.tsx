import { Button, EmptyState, Skeleton } from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";

/** An admin list or panel while its first answer is on its way. */
export function LoadingRows({
  label,
  rows = 4,
  className = "h-12",
}: {
  label: string;
  rows?: number;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} className="grid gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/** An admin list or panel that could not be loaded: the server's message and a way to try again. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <EmptyState
      title={title}
      description={<span role="alert">{serverMessageOr(error, "Please try again.")}</span>}
      action={
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
