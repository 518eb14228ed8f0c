import { useState } from "react";
import { CalendarSync, Copy, RotateCcw } from "lucide-react";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Skeleton,
  toast,
} from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useCalendarFeed, useResetCalendarFeed } from "../api/events";

export const CALENDAR_TITLE = "Subscribe in your calendar app";

/** The member's private calendar feed (the events he is going to): copy its URL, or reset it. */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({
        title: "Link copied",
        description: "Add it to your calendar app as a subscription.",
        variant: "success",
      });
    } catch {
      toast({ title: "Could not copy", description: "Select the link and copy it yourself.", variant: "destructive" });
    }
  }

  return (
    <Card className="px-5" data-testid="calendar-feed">
      <CardHeader className="px-0">
        <CardTitle asChild className="flex items-center gap-2 text-base">
          <h2>
            <CalendarSync className="size-4 text-accent-text" aria-hidden /> {CALENDAR_TITLE}
          </h2>
        </CardTitle>
        <CardDescription>
          A private link to the events you are going to. Anyone with it can see them: keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 px-0">
        {feed.status === "pending" ? (
          <Skeleton className="h-10" />
        ) : feed.status === "error" ? (
          <p role="alert" className="text-sm text-destructive-text">
            {serverMessageOr(feed.error, "The calendar link could not be loaded.")}{" "}
            <Button variant="link" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <>
            <Input
              readOnly
              value={feed.data.url}
              aria-label="Calendar feed URL"
              onFocus={(e) => e.currentTarget.select()}
            />
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => void copy(feed.data.url)}>
                <Copy aria-hidden /> Copy link
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                <RotateCcw aria-hidden /> Reset link
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Reset your calendar link?</DialogTitle>
            <DialogDescription>
              The old link stops working at once: calendars subscribed to it stop updating until you add the new one.
            </DialogDescription>
          </DialogHeader>
          {reset.isError ? (
            <p role="alert" className="text-sm text-destructive-text">
              {serverMessageOr(reset.error, "The link could not be reset. Try again.")}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep the link
            </Button>
            <Button
              variant="destructive"
              busy={reset.isPending}
              busyLabel="Resetting..."
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast({
                      title: "New calendar link",
                      description: "The old one no longer works.",
                      variant: "success",
                    });
                  },
                })
              }
            >
              Reset link
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
