import { Spinner } from "@vicinity/ui";

/** Spec section 2: while a static page loads: 'Loading {name}...' and 'Please wait while we load the content'. */
export function StaticPageLoading({ name }: { name: string }) {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-24 text-center" aria-busy="true">
      <Spinner size="lg" className="text-accent" />
      <p role="status" className="text-lg font-semibold">
        Loading {name}...
      </p>
      <p className="text-muted-foreground">Please wait while we load the content</p>
    </main>
  );
}
