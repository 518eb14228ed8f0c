import { useState } from "react";
import { Laptop, MapPin } from "lucide-react";
import type { DeviceSession } from "@vicinity/contract";
import { Badge, Button, Skeleton } from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useDeviceSessions, useEndSessions } from "../api/email-and-devices";

const WHEN = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** "Active now", "Active 5 minutes ago", "Active 3 Jun, 14:05". */
export function lastActiveText(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 2) return "Active now";
  if (minutes < 60) return `Active ${minutes} minutes ago`;
  return `Active ${WHEN.format(new Date(iso))}`;
}

/** One signed-in device, with a way to end it (not this one: sign out does that). */
export function DeviceRow({ session, ending, onEnd }: { session: DeviceSession; ending: boolean; onEnd: () => void }) {
  const name = session.device ?? "An unknown browser";
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 items-start gap-3">
        <Laptop className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid gap-0.5">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {name}
            {session.current ? <Badge variant="outline">This device</Badge> : null}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
            {session.place ? (
              <span className="flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden /> Near {session.place}
              </span>
            ) : null}
            <span>{lastActiveText(session.lastActiveAt)}</span>
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="outline"
          busy={ending}
          busyLabel="Signing out..."
          onClick={onEnd}
          aria-label={`Sign out ${name}${session.place ? ` near ${session.place}` : ""}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The member's signed-in devices: each can be signed out, or all but this one. */
export function DevicesSection() {
  const sessions = useDeviceSessions();
  const end = useEndSessions();
  const [ending, setEnding] = useState<string | null>(null);
  if (sessions.isPending) {
    return (
      <div role="status" aria-label="Loading your devices" className="grid gap-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div className="grid gap-2 text-sm">
        <p role="alert" className="text-destructive-text">
          {serverMessageOr(sessions.error, "Your devices could not be loaded.")}
        </p>
        <Button className="w-fit" size="sm" variant="outline" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className="grid gap-2">
      <ul aria-label="Signed-in devices" className="divide-y divide-border">
        {sessions.data.map((s) => (
          <DeviceRow
            key={s.id}
            session={s}
            ending={end.isPending && ending === s.id}
            onEnd={() => {
              setEnding(s.id);
              end.mutate(s.id);
            }}
          />
        ))}
      </ul>
      {end.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {serverMessageOr(end.error, "That device could not be signed out. Please try again.")}
        </p>
      ) : null}
      {others.length === 0 ? (
        <p className="text-sm text-muted-foreground">You are signed in on this device only.</p>
      ) : (
        <Button
          className="w-fit"
          size="sm"
          variant="destructive"
          busy={end.isPending && ending === "all"}
          busyLabel="Signing out..."
          onClick={() => {
            setEnding("all");
            end.mutate(undefined);
          }}
        >
          Sign out all other devices ({others.length})
        </Button>
      )}
    </div>
  );
}
