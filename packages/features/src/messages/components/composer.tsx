import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { Ban, Eye, Image as ImageIcon, ImagePlus, MessageSquareText, SendHorizontal, X } from "lucide-react";
import { MEDIA_MAX_BYTES, MESSAGE_MAX_LENGTH, VIEW_ONCE_SECONDS, type UploadedMedia } from "@vicinity/contract";
import { Button, Progress, ToggleChip, cn } from "@vicinity/ui";
import { ApiError } from "@vicinity/features/shared";
import { SavedPhrasesSheet } from "./saved-phrases-sheet";

/** The picture types the file picker offers (the server also reads HEIC, which few browsers show). */
export const MESSAGE_PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** The counter shows once this few characters are left. */
export const COMPOSER_COUNTER_FROM = 200;
/** "Is typing" is said again at most this often while he keeps typing... */
export const TYPING_THROTTLE_MS = 2_000;
/** ...and withdrawn this long after the last keystroke. */
export const TYPING_IDLE_MS = 3_000;

/** The message field (and its hidden twin that measures it). 16 px on phones, or iOS zooms into the page on focus. */
const FIELD =
  "block max-h-40 min-h-10 w-full resize-none overflow-y-auto rounded-[1.25rem] border border-input bg-muted px-4 py-[0.4375rem] text-base leading-6 text-foreground placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-1 focus-visible:ring-ring focus-visible:outline-none sm:text-sm sm:leading-6";

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

type Attachment =
  | { phase: "uploading"; previewUrl: string | null; percent: number | null; controller: AbortController }
  /** `retry`: the file again, when the failure can pass (the network, the server's hiccup). */
  | { phase: "failed"; previewUrl: string | null; message: string; retry?: File }
  | { phase: "ready"; previewUrl: string | null; media: UploadedMedia };

/** Why a file cannot be sent as a picture, before uploading it; null when it can be tried. */
function fileProblem(file: File): string | null {
  if (file.type && !(MESSAGE_PICTURE_TYPES as readonly string[]).includes(file.type))
    return "Choose a JPEG, PNG, WebP or AVIF picture.";
  if (file.size > MEDIA_MAX_BYTES) return `Pictures can be at most ${megabytes(MEDIA_MAX_BYTES)}`;
  return null;
}

/** A failure that may pass if he tries again: no answer, a server fault, too many at once. */
function mayPass(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || error.status === 408;
}

/** The server's own words when it gave some ("Pictures can be at most 15 MB"). */
function uploadProblem(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? "The picture couldn't be uploaded. Try again.";
  return "The picture couldn't be uploaded. Check your connection and try again.";
}

export interface ComposerProps {
  /** `viewOnce`: the picture can be seen once (decisions/0047), when the composer offers it. */
  onSend: (text: string, picture: UploadedMedia | null, options?: { viewOnce: boolean }) => void;
  onTyping?: (isTyping: boolean) => void;
  /** Uploads the picture, reporting its progress (null: unknown); aborted through the signal. */
  uploadPicture: (
    file: File,
    onProgress: (percent: number | null) => void,
    signal: AbortSignal,
  ) => Promise<UploadedMedia>;
  disabled?: boolean;
  /** Shown instead of the input when disabled ("You can't message this member"). */
  disabledReason?: string;
  /** A member's composer offers his saved phrases (issue 38; their sheet asks the server for them). */
  savedPhrases?: boolean;
  /** More buttons beside the phrases' (a direct chat's private albums, given by the composition place). */
  actions?: ReactNode;
  /** A direct chat's composer offers to send a picture "view once" (issue 38, decisions/0047). */
  offerViewOnce?: boolean;
}

interface AttachmentPreviewProps {
  attachment: Attachment;
  onCancel: () => void;
  onRetry: (file: File) => void;
  /** Offered: whether it goes "view once", and its switch. */
  viewOnce?: { on: boolean; toggle: () => void };
}

function AttachmentPreview({ attachment, onCancel, onRetry, viewOnce }: AttachmentPreviewProps) {
  const { phase, previewUrl } = attachment;
  return (
    <div
      data-testid="composer-attachment"
      data-phase={phase}
      className={cn(
        "mb-2 flex items-center gap-3 rounded-xl border p-2",
        phase === "failed" ? "border-destructive/60 bg-destructive/10" : "border-border bg-muted/50",
      )}
    >
      {previewUrl ? (
        <img
          src={previewUrl}
          alt=""
          className="size-14 shrink-0 rounded-lg bg-muted object-cover"
          data-testid="composer-preview"
        />
      ) : (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <ImageIcon aria-hidden className="size-6" />
        </span>
      )}
      <div className="grid min-w-0 flex-1 gap-1.5">
        {phase === "uploading" ? (
          <>
            <p className="text-xs font-medium tabular-nums" aria-live="polite">
              {attachment.percent === null
                ? "Uploading picture..."
                : `Uploading picture... ${Math.round(attachment.percent)}%`}
            </p>
            <Progress value={attachment.percent} size="sm" aria-label="Uploading picture" />
          </>
        ) : phase === "failed" ? (
          <p role="alert" className="text-xs font-medium break-words text-destructive-text">
            {attachment.message}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">
            {viewOnce?.on
              ? `Seen once, for ${VIEW_ONCE_SECONDS} seconds. A screenshot can't be prevented.`
              : "Picture ready to send"}
          </p>
        )}
      </div>
      {viewOnce && phase !== "failed" ? (
        <ToggleChip pressed={viewOnce.on} onClick={viewOnce.toggle} icon={<Eye aria-hidden className="size-4" />}>
          View once
        </ToggleChip>
      ) : null}
      {phase === "uploading" ? (
        <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label="Cancel upload" onClick={onCancel}>
          <X aria-hidden />
        </Button>
      ) : phase === "failed" ? (
        <div className="flex shrink-0 gap-1">
          {attachment.retry ? (
            <Button variant="outline" size="sm" onClick={() => attachment.retry && onRetry(attachment.retry)}>
              Try again
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Remove
          </Button>
        </div>
      ) : (
        <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label="Remove picture" onClick={onCancel}>
          <X aria-hidden />
        </Button>
      )}
    </div>
  );
}

/**
 * Writing a message: Enter sends, Shift+Enter starts a new line; a picture can go with the text
 * or alone, uploaded first with its progress. Tells the other member when he is typing.
 */
export function Composer({
  onSend,
  onTyping,
  uploadPicture,
  disabled = false,
  disabledReason,
  savedPhrases = false,
  actions,
  offerViewOnce = false,
}: ComposerProps) {
  const [text, setText] = useState("");
  const [viewOnce, setViewOnce] = useState(false);
  const [phrasesOpen, setPhrasesOpen] = useState(false);
  // A phrase was put in: focus goes to the field once the sheet has closed, not back to its button.
  const phraseUsed = useRef(false);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const measureRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const counterId = useId();

  // What the unmount cleanup and late answers need, beyond the render.
  const attachmentRef = useRef<Attachment | null>(null);
  const uploadSeq = useRef(0);
  const onTypingRef = useRef(onTyping);
  const typing = useRef({
    active: false,
    lastSaidAt: 0,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  useEffect(() => {
    onTypingRef.current = onTyping;
  }, [onTyping]);
  useEffect(() => {
    attachmentRef.current = attachment;
  }, [attachment]);

  const stopTyping = () => {
    const state = typing.current;
    clearTimeout(state.timer);
    if (state.active) onTypingRef.current?.(false);
    state.active = false;
    state.lastSaidAt = 0;
  };

  const noteTyping = (value: string) => {
    const state = typing.current;
    if (!value.trim()) return stopTyping();
    clearTimeout(state.timer);
    const now = Date.now();
    if (!state.active || now - state.lastSaidAt >= TYPING_THROTTLE_MS) {
      onTypingRef.current?.(true);
      state.active = true;
      state.lastSaidAt = now;
    }
    state.timer = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  /** Drops the picture: stops its upload and frees its preview. */
  const dropAttachment = (current: Attachment | null) => {
    uploadSeq.current += 1;
    if (!current) return;
    if (current.phase === "uploading") current.controller.abort();
    if (current.previewUrl) URL.revokeObjectURL(current.previewUrl);
  };

  useEffect(
    () => () => {
      // Leaving the conversation: he is no longer typing, and the picture is not needed any more.
      stopTyping();
      dropAttachment(attachmentRef.current);
    },
    [],
  );

  // Grows with the text up to its max height (about six lines), then scrolls. Measured on a
  // hidden twin: shrinking the field itself to measure it would make the page above it jump.
  useLayoutEffect(() => {
    const el = textareaRef.current;
    const twin = measureRef.current;
    if (!el || !twin) return;
    el.style.height = `${twin.scrollHeight + el.offsetHeight - el.clientHeight}px`;
  }, [text, disabled]);

  const choose = (file: File) => {
    dropAttachment(attachment);
    const problem = fileProblem(file);
    if (problem) {
      setAttachment({ phase: "failed", previewUrl: null, message: problem });
      return;
    }
    const previewUrl = URL.createObjectURL(file);
    const controller = new AbortController();
    const seq = uploadSeq.current;
    const current = () => seq === uploadSeq.current && !controller.signal.aborted;
    setAttachment({ phase: "uploading", previewUrl, percent: 0, controller });
    uploadPicture(
      file,
      (percent) => {
        if (current()) setAttachment((a) => (a?.phase === "uploading" ? { ...a, percent } : a));
      },
      controller.signal,
    ).then(
      (media) => {
        if (current()) setAttachment({ phase: "ready", previewUrl, media });
      },
      (error: unknown) => {
        if (current())
          setAttachment({
            phase: "failed",
            previewUrl,
            message: uploadProblem(error),
            retry: mayPass(error) ? file : undefined,
          });
      },
    );
  };

  const removeAttachment = () => {
    dropAttachment(attachment);
    setAttachment(null);
    textareaRef.current?.focus();
  };

  const content = text.trim();
  const uploading = attachment?.phase === "uploading";
  const picture = attachment?.phase === "ready" ? attachment.media : null;
  const canSend = !disabled && !uploading && attachment?.phase !== "failed" && (content.length > 0 || picture !== null);

  const send = () => {
    if (!canSend) return;
    if (offerViewOnce && picture !== null && viewOnce) onSend(content, picture, { viewOnce: true });
    else onSend(content, picture);
    stopTyping();
    setText("");
    setViewOnce(false);
    if (attachment) {
      dropAttachment(attachment);
      setAttachment(null);
    }
    textareaRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character: its Enter confirms the character.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  if (disabled) {
    return (
      <div
        data-slot="composer"
        className="flex items-center justify-center gap-2 border-t border-border bg-surface px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-center text-sm text-muted-foreground"
      >
        <Ban aria-hidden className="size-4 shrink-0" />
        <p>{disabledReason ?? "You can't send messages in this conversation"}</p>
      </div>
    );
  }

  const left = MESSAGE_MAX_LENGTH - text.length;
  const showCounter = left <= COMPOSER_COUNTER_FROM;

  return (
    <>
      <form
        data-slot="composer"
        aria-label="Write a message"
        onSubmit={onSubmit}
        className="border-t border-border bg-surface pt-2 pr-[max(0.5rem,env(safe-area-inset-right))] pb-[max(0.5rem,env(safe-area-inset-bottom))] pl-[max(0.5rem,env(safe-area-inset-left))]"
      >
        {attachment ? (
          <AttachmentPreview
            attachment={attachment}
            onCancel={removeAttachment}
            onRetry={choose}
            viewOnce={offerViewOnce ? { on: viewOnce, toggle: () => setViewOnce((on) => !on) } : undefined}
          />
        ) : null}
        <input
          ref={fileRef}
          type="file"
          accept={MESSAGE_PICTURE_TYPES.join(",")}
          hidden
          data-testid="composer-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so choosing the same file again fires again.
            event.target.value = "";
            if (file) choose(file);
          }}
        />
        <div className="flex items-end gap-1.5">
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 rounded-full text-muted-foreground hover:text-foreground"
            aria-label="Attach a picture"
            disabled={uploading}
            onClick={() => fileRef.current?.click()}
          >
            <ImagePlus aria-hidden className="size-5" />
          </Button>
          {savedPhrases ? (
            <Button
              variant="ghost"
              size="icon"
              className="shrink-0 rounded-full text-muted-foreground hover:text-foreground"
              aria-label="Saved phrases"
              aria-haspopup="dialog"
              onClick={() => setPhrasesOpen(true)}
            >
              <MessageSquareText aria-hidden className="size-5" />
            </Button>
          ) : null}
          {actions}
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <div className="relative min-w-0 flex-1">
            <textarea
              ref={textareaRef}
              id={inputId}
              rows={1}
              value={text}
              maxLength={MESSAGE_MAX_LENGTH}
              placeholder="Write a message..."
              enterKeyHint="send"
              autoComplete="off"
              aria-describedby={showCounter ? counterId : undefined}
              onChange={(event) => {
                setText(event.target.value);
                noteTyping(event.target.value);
              }}
              onKeyDown={onKeyDown}
              onBlur={stopTyping}
              className={FIELD}
            />
            <textarea
              ref={measureRef}
              aria-hidden
              tabIndex={-1}
              readOnly
              rows={1}
              value={text}
              className={cn(
                FIELD,
                "pointer-events-none invisible absolute inset-x-0 top-0 h-0 min-h-0 overflow-hidden",
              )}
            />
          </div>
          <Button type="submit" size="icon" className="shrink-0 rounded-full" aria-label="Send" disabled={!canSend}>
            <SendHorizontal aria-hidden className="size-5" />
          </Button>
        </div>
        {showCounter ? (
          <p
            id={counterId}
            className={cn(
              "mt-1 pr-12 text-right text-xs tabular-nums",
              left === 0 ? "font-semibold text-destructive-text" : "text-muted-foreground",
            )}
            data-testid="composer-counter"
          >
            {left === 0
              ? `${MESSAGE_MAX_LENGTH.toLocaleString("en-US")} characters, the most a message can have`
              : `${left.toLocaleString("en-US")} characters left`}
          </p>
        ) : null}
      </form>
      {/* Outside the form: React's events cross portals, and the sheet's own Save must never send the message. */}
      {phrasesOpen ? (
        <SavedPhrasesSheet
          draft={text}
          onClose={() => setPhrasesOpen(false)}
          onUse={(phrase) => {
            phraseUsed.current = true;
            setPhrasesOpen(false);
            const next = !text.trim() ? phrase : `${text}${/\s$/.test(text) ? "" : " "}${phrase}`;
            setText(next.slice(0, MESSAGE_MAX_LENGTH));
          }}
          onCloseAutoFocus={(event) => {
            if (!phraseUsed.current) return;
            phraseUsed.current = false;
            event.preventDefault();
            textareaRef.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
