import { MESSAGE_UNSEND_MINUTES } from "@vicinity/contract";
import { toast } from "@vicinity/ui";
import { ConfirmDialog, serverMessageOr } from "@vicinity/features/shared";
import { useUnsendMessage } from "../api/conversations";

export interface UnsendMessageDialogProps {
  conversationId: string;
  messageId: number;
  /** Who else is in the conversation: "Sam", or "the group". */
  audience: string;
  onClose: () => void;
}

/**
 * He takes his message back (issue 38): asked once, since it cannot be undone. Gone for everyone in the conversation
 * at once; the server refuses after MESSAGE_UNSEND_MINUTES, and says why here.
 */
export function UnsendMessageDialog({ conversationId, messageId, audience, onClose }: UnsendMessageDialogProps) {
  const unsend = useUnsendMessage(conversationId);
  return (
    <ConfirmDialog
      title="Unsend this message?"
      description={`It is removed for you and ${audience}: "Message removed" shows in its place. It may have been read already. Messages can be unsent for ${MESSAGE_UNSEND_MINUTES} minutes after sending.`}
      keepLabel="Keep it"
      actLabel="Unsend"
      busyLabel="Unsending..."
      busy={unsend.isPending}
      error={unsend.isError ? serverMessageOr(unsend.error, "The message was not unsent. Try again.") : null}
      onClose={onClose}
      onAct={() =>
        unsend.mutate(messageId, {
          onSuccess: () => {
            onClose();
            toast({ title: "Message unsent", variant: "success" });
          },
        })
      }
    />
  );
}
