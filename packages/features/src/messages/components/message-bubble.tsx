import { useId, type ReactNode } from "react";
import { Check, CheckCheck, CircleAlert, Clock } from "lucide-react";
import { Button, cn } from "@vicinity/ui";
import { optimizedImageUrl } from "@vicinity/features/shared";
import { formatBubbleTime } from "../model/format-time";
import type { ThreadItem, ThreadItemStatus } from "../model/thread-items";
import { ViewOncePicture } from "./view-once-picture";

/** Bubbles are at most about 256 px wide (twice that on dense screens): one variant serves them all. */
const PICTURE_VARIANT = { w: 480, q: 80 } as const;

const STATUS: Record<ThreadItemStatus, { label: string; Icon: typeof Check }> = {
  sending: { label: "Sending", Icon: Clock },
  sent: { label: "Sent", Icon: Check },
  read: { label: "Read", Icon: CheckCheck },
  failed: { label: "Not sent", Icon: CircleAlert },
};

export interface MessageBubbleProps {
  item: ThreadItem;
  onRetry?: (tempId: string) => void;
  onDiscard?: (tempId: string) => void;
  /** Who the other member is: the picture's alt text and what screen readers hear before his words. */
  peerName: string;
  /** A group chat: the sender's name above the first message of his run. */
  showSender?: boolean;
  /** The message's menu (unsend his own; in a group chat, report and remove), beside the bubble. */
  actions?: ReactNode;
}

function Picture({ picture, alt }: { picture: NonNullable<ThreadItem["picture"]>; alt: string }) {
  const known = picture.width > 0 && picture.height > 0;
  const src = optimizedImageUrl(picture.url, PICTURE_VARIANT);
  const img = (
    <img
      src={src}
      alt={alt}
      width={known ? picture.width : undefined}
      height={known ? picture.height : undefined}
      // The size is reserved before it loads, so the thread does not jump.
      style={known ? { aspectRatio: `${picture.width} / ${picture.height}` } : undefined}
      className={cn("block h-auto max-h-96 w-full rounded-xl bg-black/20 object-cover", !known && "min-h-32")}
      decoding="async"
      data-testid="message-picture"
    />
  );
  // Only our own pictures open full size; a local preview (blob:) is not worth a tab.
  if (src === picture.url) return img;
  return (
    <a
      href={picture.url}
      target="_blank"
      rel="noopener noreferrer"
      className="block rounded-xl focus-visible:outline-offset-0"
    >
      {img}
    </a>
  );
}

/** What a removed message's place says: who took it away. */
function removedText(item: ThreadItem): string {
  if (!item.unsent) return "Message removed by a moderator";
  return item.mine ? "You unsent a message" : "Message removed";
}

/** One message: mine on the right in the accent colour with its delivery status, his on the left. */
export function MessageBubble({ item, onRetry, onDiscard, peerName, showSender = false, actions }: MessageBubbleProps) {
  const { mine, picture, status } = item;
  const text = item.content.trim() ? item.content : "";
  const { label, Icon } = STATUS[status];
  const failed = mine && status === "failed";
  const reasonId = useId();

  return (
    <div
      data-slot="message-bubble"
      data-mine={mine}
      data-status={mine ? status : undefined}
      className={cn("flex w-full flex-col", mine ? "items-end" : "items-start")}
    >
      {showSender ? (
        <p aria-hidden className="mb-0.5 px-3 text-xs font-semibold text-accent-text" data-testid="message-sender">
          {peerName}
        </p>
      ) : null}
      <div className={cn("flex max-w-[min(85%,30rem)] items-center gap-1", mine ? "flex-row-reverse" : "flex-row")}>
        <div
          className={cn(
            "min-w-0 rounded-2xl text-[0.9375rem] leading-snug shadow-sm",
            mine
              ? "rounded-br-md bg-accent text-accent-foreground group-data-[head=false]/message:rounded-tr-md"
              : "rounded-bl-md bg-muted text-foreground group-data-[head=false]/message:rounded-tl-md",
            picture ? "w-64 p-1" : "px-3 py-2",
            failed && "ring-2 ring-destructive-text ring-offset-2 ring-offset-background",
          )}
        >
          <span className="sr-only">{mine ? "You" : peerName}: </span>
          {item.removed ? (
            <p className="italic opacity-80" data-testid="message-removed">
              {removedText(item)}
            </p>
          ) : null}
          {picture?.viewOnce && item.id !== null && item.conversationId ? (
            <ViewOncePicture
              conversationId={item.conversationId}
              messageId={item.id}
              mine={mine}
              openedAt={picture.viewOnce.openedAt}
              peerName={peerName}
            />
          ) : picture ? (
            <Picture picture={picture} alt={mine ? "Picture you sent" : `Picture from ${peerName}`} />
          ) : null}
          {text ? (
            <p
              className={cn("[overflow-wrap:anywhere] whitespace-pre-wrap", picture && "px-2 pt-1.5")}
              data-testid="message-text"
            >
              {text}
            </p>
          ) : null}
          <p
            className={cn(
              "mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem] leading-4 tabular-nums",
              mine ? "text-accent-foreground" : "text-muted-foreground",
              picture && "px-2 pb-0.5",
            )}
          >
            <time dateTime={item.createdAt}>{formatBubbleTime(item.createdAt)}</time>
            {mine && !item.removed ? (
              <span role="img" aria-label={label} title={label} data-testid="message-status" className="inline-flex">
                <Icon aria-hidden className="size-3.5" strokeWidth={2.5} />
              </span>
            ) : null}
          </p>
        </div>
        {actions ? <div className="shrink-0">{actions}</div> : null}
      </div>
      {failed ? (
        <div className="mt-1.5 flex max-w-[min(85%,30rem)] flex-wrap items-center justify-end gap-x-1 gap-y-0.5 text-xs text-destructive-text">
          <CircleAlert aria-hidden className="size-3.5 shrink-0" />
          <span id={reasonId} className="mr-1" data-testid="message-error">
            {item.error || "Not sent"}
          </span>
          {item.tempId ? (
            // Named for what they do to this message, and described by why it was not sent.
            <span className="flex gap-1">
              {[
                { text: "Retry", label: "Retry sending this message", act: onRetry, className: undefined },
                {
                  text: "Delete",
                  label: "Delete this unsent message",
                  act: onDiscard,
                  className: "text-destructive-text",
                },
              ].map(({ text, label, act, className }) => (
                <Button
                  key={text}
                  size="sm"
                  variant="ghost"
                  className={cn("h-7 px-2 text-xs", className)}
                  aria-label={label}
                  aria-describedby={reasonId}
                  onClick={() => item.tempId && act?.(item.tempId)}
                >
                  {text}
                </Button>
              ))}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
