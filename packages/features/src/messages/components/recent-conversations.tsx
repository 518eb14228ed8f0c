import { Link, useNavigate } from "react-router";
import { MessageCircle } from "lucide-react";
import { Button, EmptyState } from "@vicinity/ui";
import { useConversations } from "../api/conversations";
import { useMessenger } from "../model/messenger";
import { ConversationList, ConversationListSkeleton } from "./conversation-list";

/** The home page's Messages tab: the latest conversations once there are any. */
export function RecentConversations({ limit = 5 }: { limit?: number }) {
  const messenger = useMessenger();
  // Only members see the home page's tabs: no need to wait for the messenger.
  const inbox = useConversations(true);
  const navigate = useNavigate();
  if (inbox.status === "pending") return <ConversationListSkeleton />;
  if (inbox.status === "error" || inbox.conversations.length === 0) {
    return (
      <EmptyState
        icon={<MessageCircle className="size-8" aria-hidden />}
        title="No messages yet"
        description="Say hi to someone nearby: your conversations will show up here."
        action={
          <Button asChild variant="outline">
            <Link to="/messages">Open Messages</Link>
          </Button>
        }
      />
    );
  }
  return (
    <section aria-label="Recent conversations" className="grid gap-3">
      <ConversationList
        conversations={inbox.conversations.slice(0, limit)}
        meId={messenger.meId ?? ""}
        onSelect={(id) => void navigate(`/messages/${id}`)}
        typingIn={messenger.typingIn}
      />
      <Button asChild variant="outline" className="justify-self-start">
        <Link to="/messages">All messages</Link>
      </Button>
    </section>
  );
}
