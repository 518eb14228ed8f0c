import { CircleAlert } from "lucide-react";
import { Button, Skeleton } from "@vicinity/ui";

/** The page's frame while the member loads: the shape of the sections, and a status for screen readers. */
export function ProfileSettingsLoading() {
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8">
      <p role="status" className="sr-only">
        Loading your profile...
      </p>
      <div className="mb-6 flex items-center gap-4 px-1">
        <Skeleton className="size-14 rounded-full" />
        <div className="grid gap-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-4 w-32" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="grid gap-6">
          <Skeleton className="h-72 rounded-lg" />
          <Skeleton className="h-96 rounded-lg" />
        </div>
        <div className="grid gap-6">
          <Skeleton className="h-48 rounded-lg" />
          <Skeleton className="h-40 rounded-lg" />
          <Skeleton className="h-80 rounded-lg" />
        </div>
      </div>
    </main>
  );
}

export interface ProfileSettingsErrorProps {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** The member could not be loaded: what happened, and Try again. */
export function ProfileSettingsError({ message, onRetry, retrying = false }: ProfileSettingsErrorProps) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <div
        className="flex size-14 items-center justify-center rounded-pill bg-destructive/15 text-destructive-text"
        aria-hidden
      >
        <CircleAlert className="size-7" />
      </div>
      <h1 className="font-display text-2xl font-bold">Profile Settings</h1>
      <p role="alert" className="text-sm font-medium text-destructive-text">
        {message}
      </p>
      <Button variant="outline" onClick={onRetry} busy={retrying} busyLabel="Trying again...">
        Try again
      </Button>
    </main>
  );
}
