import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { API_PATHS, type SessionUser } from "@vicinity/contract";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@vicinity/ui";
import { apiRequest, serverMessageOr, currentUserQueryKey } from "@vicinity/features/shared";

type Warning = NonNullable<SessionUser["warning"]>;

export interface ModeratorWarningViewProps {
  warning: Warning;
  onAcknowledge: () => void;
  pending?: boolean;
  error?: string | null;
}

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric" });

/**
 * A moderator's warning, shown at the member's next visit (and at once when it arrives
 * while he is here). It stays until he says he has read it: neither Escape nor a click outside
 * closes it.
 */
export function ModeratorWarningView({
  warning,
  onAcknowledge,
  pending = false,
  error = null,
}: ModeratorWarningViewProps) {
  return (
    <Dialog open>
      <DialogContent
        role="alertdialog"
        showCloseButton={false}
        className="max-w-md"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive-text">
            <ShieldAlert className="size-6" aria-hidden />
          </div>
          <DialogTitle>A warning from our moderators</DialogTitle>
          <DialogDescription>
            Sent on <time dateTime={warning.at}>{DAY.format(new Date(warning.at))}</time>. Further breaches of our rules
            can lead to a suspension.
          </DialogDescription>
        </DialogHeader>
        <blockquote
          className="rounded-md border-l-4 border-destructive bg-muted px-4 py-3 text-sm break-words whitespace-pre-wrap text-foreground"
          data-testid="warning-reason"
        >
          {warning.reason}
        </blockquote>
        <p className="text-sm text-muted-foreground">
          Please read our{" "}
          <Link
            to="/community-guidelines"
            target="_blank"
            className="font-medium text-accent-text underline underline-offset-2"
          >
            Community Guidelines
          </Link>
          .
        </p>
        {error ? (
          <p role="alert" className="text-sm text-destructive-text">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button onClick={onAcknowledge} fullWidth autoFocus disabled={pending}>
            {pending ? "Saving..." : "I understand"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The warning with its acknowledgement (POST /api/warnings/:id/acknowledge); the next one, if any, follows. */
export function ModeratorWarningDialog({ warning }: { warning: Warning }) {
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: async () => {
      await apiRequest("POST", API_PATHS.acknowledgeWarning(warning.id));
    },
    retry: false,
    onSuccess: async () => {
      queryClient.setQueryData<SessionUser | null>(currentUserQueryKey, (user) =>
        user ? { ...user, warning: null } : user,
      );
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
  return (
    <ModeratorWarningView
      key={warning.id}
      warning={warning}
      onAcknowledge={() => acknowledge.mutate()}
      pending={acknowledge.isPending}
      error={
        acknowledge.isError
          ? serverMessageOr(acknowledge.error, "We could not save that. Check your connection and try again.")
          : null
      }
    />
  );
}
