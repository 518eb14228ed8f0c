import { Button, Spinner } from "@vicinity/ui";

export function FullPageLoading({ label }: { label: string }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background text-muted-foreground">
      <Spinner size="lg" className="text-accent" />
      <p role="status">{label}</p>
    </main>
  );
}

export function FullPageError({ title, detail, onRetry }: { title: string; detail: string; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center">
      <h1 className="font-display text-2xl font-bold">{title}</h1>
      <p role="alert" className="text-muted-foreground">
        {detail}
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}

/** A page whose code is still on its way (pages load on demand): in its place, under the header. */
export function PageLoading({ label = "Loading..." }: { label?: string }) {
  return (
    <main
      className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-muted-foreground"
      aria-busy="true"
    >
      <Spinner size="lg" className="text-accent" />
      <p role="status">{label}</p>
    </main>
  );
}

/** While the next page's code arrives, the current page stays: a thin bar at the top says so. */
export function PageLoadingBar() {
  return (
    <div role="progressbar" aria-label="Loading the page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
      <div className="h-full w-1/3 animate-pulse bg-accent" />
    </div>
  );
}
