import { toast } from "@vicinity/ui";
import { ConfirmDialog, serverMessageOr, ReportMemberDialog, useBlockMember } from "@vicinity/features/shared";
import { useRemoveGroupMessage, useReportGroupMessage } from "../api/group-chat";

/** A message of a group chat that a member reports or a moderator removes. */
export interface GroupMessageTarget {
  id: number;
  senderId: string | null;
  senderName: string;
  mine: boolean;
}

/** Report a group chat message: its sender and the message go to the moderation queue; he may also be blocked. */
export function ReportGroupMessageDialog({
  groupId,
  target,
  onClose,
}: {
  groupId: string;
  target: GroupMessageTarget;
  onClose: () => void;
}) {
  const report = useReportGroupMessage(groupId);
  const block = useBlockMember(target.senderId ?? "");
  return (
    <ReportMemberDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      name={target.senderName}
      submitting={report.isPending}
      error={report.error ? serverMessageOr(report.error, "Couldn't send the report. Please try again.") : null}
      onSubmit={({ alsoBlock, reason, details }) =>
        report.mutate(
          { messageId: target.id, reason, details: details ?? "" },
          {
            onSuccess: () => {
              onClose();
              if (alsoBlock && target.senderId) block.mutate(true);
              toast({
                title: "Thanks for reporting",
                description: alsoBlock
                  ? `Our team will review the message. ${target.senderName} is blocked: you no longer see his messages.`
                  : "Our team will review the message.",
              });
            },
          },
        )
      }
    />
  );
}

/** A moderator confirms removing a message: its text and picture are gone for every member. */
export function RemoveGroupMessageDialog({
  groupId,
  conversationId,
  target,
  onClose,
}: {
  groupId: string;
  conversationId: string;
  target: GroupMessageTarget;
  onClose: () => void;
}) {
  const remove = useRemoveGroupMessage(groupId, conversationId);
  return (
    <ConfirmDialog
      title="Remove this message?"
      description={`${target.mine ? "Your message" : `${target.senderName}'s message`} is replaced by "Message removed by a moderator" for every member. The removal is logged on the group.`}
      keepLabel="Keep it"
      actLabel="Remove message"
      busyLabel="Removing..."
      busy={remove.isPending}
      error={remove.isError ? serverMessageOr(remove.error, "The message was not removed. Try again.") : null}
      onClose={onClose}
      onAct={() =>
        remove.mutate(target.id, {
          onSuccess: () => {
            onClose();
            toast({ title: "Message removed", variant: "success" });
          },
        })
      }
    />
  );
}
