import { Link } from "react-router";
import { Map, Users } from "lucide-react";
import { Button } from "@vicinity/ui";

/** "/" for a guest: what he can do now, and the way to full access. */
export function GuestHome() {
  return (
    <main className="mx-auto w-full max-w-3xl flex-1 px-6 py-12">
      <h1 className="font-display text-3xl font-bold">Welcome, Anonymous User</h1>
      <p className="mt-3 text-muted-foreground">
        You can look around without an account: see who is nearby and where. Messages, pictures and events are for
        members.
      </p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <Link to="/browse" className="rounded-lg border bg-surface p-5 transition-colors hover:border-accent">
          <Users className="mb-3 size-6 text-accent-text" aria-hidden />
          <span className="block font-semibold">Browse nearby</span>
          <span className="text-sm text-muted-foreground">Men near you, nearest first</span>
        </Link>
        <Link to="/map" className="rounded-lg border bg-surface p-5 transition-colors hover:border-accent">
          <Map className="mb-3 size-6 text-accent-text" aria-hidden />
          <span className="block font-semibold">Open the map</span>
          <span className="text-sm text-muted-foreground">Approximate positions only</span>
        </Link>
      </div>
      <Button asChild size="lg" className="mt-8">
        <Link to="/join">Sign Up for Full Access</Link>
      </Button>
    </main>
  );
}
