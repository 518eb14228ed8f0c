import { useId, useState } from "react";
import { MessageSquareText, Trash2 } from "lucide-react";
import { SAVED_PHRASE_MAX_LENGTH, SAVED_PHRASES_MAX } from "@vicinity/contract";
import {
  Button,
  EmptyState,
  Input,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  Skeleton,
  toast,
} from "@vicinity/ui";
import { serverMessageOr } from "@vicinity/features/shared";
import { useDeletePhrase, useSavedPhrases, useSavePhrase } from "../api/phrases";

export interface SavedPhrasesSheetProps {
  /** What the composer holds: offered as the phrase to save. */
  draft: string;
  /** A phrase chosen: it goes into the composer. */
  onUse: (text: string) => void;
  onClose: () => void;
  /** Where focus goes once it closes (the composer's field after a phrase was used); default: back to its button. */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Saved phrases (issue 38 item 7), open while mounted: his short texts, one tap puts one into the composer; he saves
 * what he is writing (or a new one) and removes those he no longer wants. At most SAVED_PHRASES_MAX.
 */
export function SavedPhrasesSheet({ draft, onUse, onClose, onCloseAutoFocus }: SavedPhrasesSheetProps) {
  return (
    <Sheet open onOpenChange={(open) => !open && onClose()}>
      <SheetContent
        side="bottom"
        className="sm:bottom-4 sm:mx-auto sm:max-w-xl sm:rounded-b-xl"
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <SheetHeader className="px-0">
          <SheetTitle>Saved phrases</SheetTitle>
          <SheetDescription>Tap one to put it in your message. Only you see them.</SheetDescription>
        </SheetHeader>
        <PhrasesBody draft={draft} onUse={onUse} />
      </SheetContent>
    </Sheet>
  );
}

function PhrasesBody({ draft, onUse }: Pick<SavedPhrasesSheetProps, "draft" | "onUse">) {
  const phrases = useSavedPhrases();
  const remove = useDeletePhrase();
  if (phrases.status === "pending")
    return (
      <div aria-busy="true" className="grid gap-2" data-testid="phrases-loading">
        <span className="sr-only" role="status">
          Loading your phrases…
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 rounded-lg" />
        ))}
      </div>
    );
  if (phrases.status === "error")
    return (
      <EmptyState
        level={3}
        title="Your phrases could not be loaded"
        description={serverMessageOr(phrases.error, "Check your connection and try again.")}
        action={
          <Button variant="outline" onClick={() => void phrases.refetch()}>
            Try again
          </Button>
        }
      />
    );
  const list = phrases.data;
  return (
    <div className="grid gap-4">
      {list.length === 0 ? (
        <EmptyState
          level={3}
          icon={<MessageSquareText />}
          title="No saved phrases yet"
          description="Save what you write often: an opener, where you are, when you're free."
        />
      ) : (
        <ul aria-label="Saved phrases" className="grid gap-1.5">
          {list.map((phrase) => (
            <li key={phrase.id} className="flex items-center gap-1">
              <Button
                variant="outline"
                className="h-auto min-h-10 flex-1 justify-start py-2 text-left [overflow-wrap:anywhere] whitespace-normal"
                onClick={() => onUse(phrase.text)}
              >
                {phrase.text}
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="shrink-0 text-muted-foreground"
                aria-label={`Remove "${phrase.text}"`}
                busy={remove.isPending && remove.variables === phrase.id}
                busyLabel="Removing..."
                onClick={() =>
                  remove.mutate(phrase.id, {
                    onError: (error) =>
                      toast({
                        title: "The phrase was not removed",
                        description: serverMessageOr(error, "Check your connection and try again."),
                        variant: "destructive",
                      }),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddPhrase draft={draft} full={list.length >= SAVED_PHRASES_MAX} known={list.map((p) => p.text)} />
    </div>
  );
}

/** Saves a phrase: what he is writing, or a new one typed here. */
function AddPhrase({ draft, full, known }: { draft: string; full: boolean; known: readonly string[] }) {
  const id = useId();
  const [text, setText] = useState(() => draft.trim().slice(0, SAVED_PHRASE_MAX_LENGTH));
  const save = useSavePhrase();
  const errorId = `${id}-error`;
  if (full)
    return (
      <p className="text-sm text-muted-foreground" data-testid="phrases-full">
        You keep {SAVED_PHRASES_MAX} phrases, the most there can be. Remove one to save another.
      </p>
    );
  const trimmed = text.trim();
  const already = known.includes(trimmed);
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        // Not on to a form it is rendered within (React's events cross portals): the composer's would send.
        event.stopPropagation();
        if (!trimmed || already) return;
        save.mutate(trimmed, {
          onSuccess: () => {
            setText("");
            save.reset();
          },
        });
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Save a phrase
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={SAVED_PHRASE_MAX_LENGTH}
          placeholder="On my way!"
          autoComplete="off"
          aria-invalid={save.isError || undefined}
          aria-describedby={save.isError || already ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (save.isError) save.reset();
          }}
        />
        <Button type="submit" disabled={!trimmed || already} busy={save.isPending} busyLabel="Saving...">
          Save
        </Button>
      </div>
      {save.isError || already ? (
        <p id={errorId} role={save.isError ? "alert" : undefined} className="text-sm text-destructive-text">
          {save.isError
            ? serverMessageOr(save.error, "The phrase was not saved. Try again.")
            : "You saved this one already."}
        </p>
      ) : null}
    </form>
  );
}
