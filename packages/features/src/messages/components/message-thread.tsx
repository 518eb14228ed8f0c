import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { ArrowDown, Hand } from "lucide-react";
import { Button, EmptyState } from "@vicinity/ui";
import { formatDayHeading, localDayKey } from "../model/format-time";
import type { ThreadItem } from "../model/thread-items";
import { MessageBubble } from "./message-bubble";

/** Within this distance of the end the thread counts as "at the bottom" and follows new messages. */
export const NEAR_BOTTOM_PX = 96;
/** Scrolling up to within this distance of the top loads earlier messages by themselves. */
export const LOAD_OLDER_WITHIN_PX = 240;
/** Messages of one side this close together form one group (tighter, one rounded block). */
export const GROUP_WITHIN_MS = 5 * 60_000;

export interface MessageThreadProps {
  items: ThreadItem[];
  peerName: string;
  typing: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (tempId: string) => void;
  onDiscard: (tempId: string) => void;
  now?: Date;
  /** A group chat: each other member's message is named by its sender (runs split by sender). */
  senderName?: (item: ThreadItem) => string;
  /** A group chat: a message's own actions (report it; remove it, for moderators). */
  messageActions?: (item: ThreadItem, senderName: string) => ReactNode;
  /** Who is typing, when it is not the peer (a group: "Someone"). */
  typingName?: string;
}

interface Day {
  key: string;
  heading: string;
  dateTime: string;
  items: Array<{ item: ThreadItem; head: boolean; tail: boolean }>;
}

const sameGroup = (a: ThreadItem, b: ThreadItem) =>
  a.mine === b.mine &&
  (a.senderId ?? null) === (b.senderId ?? null) &&
  Math.abs(Date.parse(b.createdAt) - Date.parse(a.createdAt)) <= GROUP_WITHIN_MS;

/** Splits the thread into local days, and marks where each run of one side's messages starts and ends. */
function groupByDay(items: readonly ThreadItem[], now: Date | undefined): Day[] {
  const days: Day[] = [];
  items.forEach((item, index) => {
    const key = localDayKey(item.createdAt);
    let day = days.at(-1);
    if (!day || day.key !== key) {
      day = { key, heading: formatDayHeading(item.createdAt, now), dateTime: key, items: [] };
      days.push(day);
    }
    const previous = day.items.at(-1)?.item;
    const next = items[index + 1];
    const head = !previous || !sameGroup(previous, item);
    const tail = !next || localDayKey(next.createdAt) !== key || !sameGroup(item, next);
    day.items.push({ item, head, tail });
  });
  return days;
}

function TypingIndicator({ peerName }: { peerName: string }) {
  return (
    <div className="mt-3 flex items-center gap-2" data-testid="typing-indicator">
      <span aria-hidden className="flex items-center gap-1 rounded-2xl rounded-bl-md bg-muted px-3.5 py-3">
        {["[animation-delay:-0.3s]", "[animation-delay:-0.15s]", ""].map((delay) => (
          <span
            key={delay}
            className={`size-1.5 animate-bounce rounded-full bg-muted-foreground motion-reduce:animate-none ${delay}`}
          />
        ))}
      </span>
      <span className="text-xs text-muted-foreground">{peerName} is typing...</span>
    </div>
  );
}

/**
 * A conversation's messages, oldest first, by day, each side's runs grouped. Opens at the newest
 * and follows new ones while the member is at the bottom; loading earlier ones (by scrolling up,
 * or by the button for keyboards) keeps his place. Away from the end, a button takes him back and
 * counts what arrived meanwhile.
 */
export function MessageThread({
  items,
  peerName,
  typing,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  now,
  senderName,
  messageActions,
  typingName,
}: MessageThreadProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  /** How far from the end he was before the last change (what to keep when older messages go on top). */
  const fromBottom = useRef(0);
  const rendered = useRef<{ first?: string; last?: string } | null>(null);

  /** The last scroll position seen, to tell scrolling up from being moved down. */
  const lastScrollTop = useRef(0);
  /** Away from the end (the jump button shows), and the last message seen at the end. */
  const [away, setAway] = useState(false);
  const [seenLast, setSeenLast] = useState<string | undefined>(undefined);
  const newest = items.at(-1)?.key;

  const atBottom = () => fromBottom.current <= NEAR_BOTTOM_PX;
  const measure = () => {
    const el = scrollRef.current;
    if (el) fromBottom.current = Math.max(0, el.scrollHeight - el.scrollTop - el.clientHeight);
  };
  const scrollToEnd = () => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
    fromBottom.current = 0;
  };
  // The screen follows the scroll events (moving the scroll position from code fires them too).
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const up = el.scrollTop < lastScrollTop.current;
    lastScrollTop.current = el.scrollTop;
    measure();
    const isAway = !atBottom();
    setAway(isAway);
    // At the end he sees the newest; leaving it, he had seen what was there (the scroll event of the
    // first move to the end may come after he already scrolled away: it must not be needed).
    if (!isAway || !away) setSeenLast(newest);
    if (up && hasOlder && !loadingOlder && el.scrollTop <= LOAD_OLDER_WITHIN_PX) onLoadOlder();
  };
  const jumpToLatest = () => {
    const el = scrollRef.current;
    if (!el) return;
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? "smooth" : "auto" });
    setSeenLast(newest);
    // The button goes once he is there: keep the keyboard in the thread, not on the page.
    el.focus({ preventScroll: true });
  };

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = items[0]?.key;
    const lastItem = items.at(-1);
    const last = lastItem?.key;
    const before = rendered.current;
    rendered.current = { first, last };
    if (!before) return scrollToEnd(); // Opened: the newest messages.
    if (last !== before.last) {
      // A new message: follow it if he was at the end, and always when it is one he just sent.
      if (atBottom() || (lastItem?.mine && lastItem.status === "sending")) scrollToEnd();
      else measure();
      return;
    }
    if (first !== before.first) {
      // Earlier messages went on top: the ones he was reading stay where they were.
      el.scrollTop = el.scrollHeight - el.clientHeight - fromBottom.current;
      return;
    }
    measure();
  }, [items]);

  // Pictures that load, the typing indicator, a keyboard that opens: stay at the end if he was there.
  useEffect(() => {
    const el = scrollRef.current;
    const content = contentRef.current;
    if (!el || !content || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (fromBottom.current <= NEAR_BOTTOM_PX) {
        el.scrollTop = el.scrollHeight;
        fromBottom.current = 0;
      }
    });
    observer.observe(el);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  // Retry and Delete take the bubble's buttons away: the keyboard stays in the thread, not on the page.
  const retry = (tempId: string) => {
    onRetry(tempId);
    scrollRef.current?.focus({ preventScroll: true });
  };
  const discard = (tempId: string) => {
    onDiscard(tempId);
    scrollRef.current?.focus({ preventScroll: true });
  };

  const days = groupByDay(items, now);
  // His messages that came after the last one seen at the end.
  const seenAt = items.findIndex((item) => item.key === seenLast);
  const unseen = away && seenAt >= 0 ? items.slice(seenAt + 1).filter((item) => !item.mine).length : 0;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="log"
        aria-label={`Messages with ${peerName}`}
        aria-live="polite"
        aria-busy={loadingOlder || undefined}
        tabIndex={0}
        onScroll={onScroll}
        data-slot="message-thread"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-offset-[-2px]"
      >
        <div
          ref={contentRef}
          className="mx-auto flex min-h-full w-full max-w-3xl flex-col justify-end px-3 py-3 sm:px-5"
        >
          {hasOlder ? (
            <div className="flex justify-center pb-2">
              <Button
                variant="outline"
                size="sm"
                className="rounded-full"
                onClick={onLoadOlder}
                busy={loadingOlder}
                busyLabel="Loading earlier messages..."
              >
                Load earlier messages
              </Button>
            </div>
          ) : null}
          {items.length === 0 && !hasOlder ? (
            <EmptyState
              level={3}
              className="my-auto"
              icon={<Hand />}
              title={`Say hi to ${peerName}`}
              description="A friendly first message goes a long way."
            />
          ) : null}
          {days.map((day) => (
            <div key={day.key} className="relative" data-testid="thread-day">
              <div className="sticky top-0 z-10 flex justify-center py-2">
                <time
                  dateTime={day.dateTime}
                  className="rounded-full border border-border bg-surface-raised px-3 py-1 text-xs font-medium text-muted-foreground shadow-sm"
                >
                  {day.heading}
                </time>
              </div>
              <ol className="flex flex-col">
                {day.items.map(({ item, head, tail }) => {
                  const name = senderName && !item.mine ? senderName(item) : peerName;
                  return (
                    <li
                      key={item.key}
                      className={`group/message ${head ? "mt-3 first:mt-1" : "mt-0.5"}`}
                      data-head={head}
                      data-tail={tail}
                    >
                      <MessageBubble
                        item={item}
                        peerName={name}
                        showSender={Boolean(senderName) && head && !item.mine}
                        actions={
                          messageActions && item.id !== null && !item.removed ? messageActions(item, name) : undefined
                        }
                        onRetry={retry}
                        onDiscard={discard}
                      />
                    </li>
                  );
                })}
              </ol>
            </div>
          ))}
          {typing ? <TypingIndicator peerName={typingName ?? peerName} /> : null}
        </div>
      </div>
      {away ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            className="pointer-events-auto rounded-full shadow-lg"
            onClick={jumpToLatest}
            data-testid="jump-to-latest"
          >
            <ArrowDown aria-hidden />
            {unseen > 0 ? `${unseen} new ${unseen === 1 ? "message" : "messages"}` : "Jump to latest"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
