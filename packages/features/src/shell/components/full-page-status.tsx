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
