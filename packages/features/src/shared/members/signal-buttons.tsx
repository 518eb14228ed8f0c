import { Eye, Flame, Hand, Heart, Star, type LucideIcon } from "lucide-react";
import { TAP_KINDS, TAP_LABELS, type ProfileSignals, type TapKind } from "@vicinity/contract";
import { Badge, Button, cn, toast } from "@vicinity/ui";
import { serverMessageOr } from "../http/api-request";
import { useFavoriteMember, useTapMember } from "./signals";

/** Each tap's icon (no emoji: not every device or font draws them alike). */
export const TAP_ICONS: Record<TapKind, LucideIcon> = { hi: Hand, hot: Flame, looking: Eye };

export interface SignalButtonsProps {
  memberId: string;
  /** His name as shown ("Tap Jake"). */
  name: string;
  signals: ProfileSignals;
  /** The star too (his profile); a list of taps shows only the taps. */
  withFavorite?: boolean;
  className?: string;
}

/**
 * The light signals to a member (issue 38): three taps (each once a day: a sent one reads "sent"),
 * the match once both tapped, and the star that keeps him in Favorites (he is never told).
 */
export function SignalButtons({ memberId, name, signals, withFavorite = true, className }: SignalButtonsProps) {
  const tap = useTapMember(memberId);
  const favorite = useFavoriteMember(memberId);
  const sent = new Set(signals.tapsSentToday);

  function send(kind: TapKind) {
    tap.mutate(kind, {
      onSuccess: ({ match }) =>
        toast(
          match
            ? { title: "It's a match!", description: `You and ${name} tapped each other. Say hi!` }
            : { title: `You tapped ${name}: ${TAP_LABELS[kind]}`, description: "He'll see it in his taps." },
        ),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Couldn't send the tap",
          description: serverMessageOr(error, "Check your connection and try again."),
        }),
    });
  }

  function star() {
    const on = !signals.isFavorite;
    favorite.mutate(on, {
      onSuccess: () =>
        toast({
          title: on ? `${name} is in your favorites` : `${name} is no longer a favorite`,
          description: on ? "Only you can see your favorites." : undefined,
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: on ? "Couldn't add to favorites" : "Couldn't remove from favorites",
          description: serverMessageOr(error, "Check your connection and try again."),
        }),
    });
  }

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      {signals.match ? (
        <Badge variant="success" data-testid="match">
          <Heart className="size-3.5" aria-hidden /> Match
        </Badge>
      ) : null}
      <div role="group" aria-label={`Tap ${name}`} className="flex flex-wrap gap-1.5">
        {TAP_KINDS.map((kind) => {
          const done = sent.has(kind);
          const Icon = TAP_ICONS[kind];
          return (
            <Button
              key={kind}
              size="sm"
              variant={done ? "secondary" : "outline"}
              aria-label={done ? `${TAP_LABELS[kind]}: sent today` : `Tap ${name}: ${TAP_LABELS[kind]}`}
              disabled={done || tap.isPending}
              onClick={() => send(kind)}
            >
              <Icon aria-hidden /> {TAP_LABELS[kind]}
            </Button>
          );
        })}
      </div>
      {withFavorite ? (
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={signals.isFavorite}
          disabled={favorite.isPending}
          onClick={star}
        >
          <Star className={cn("size-4", signals.isFavorite && "fill-current text-accent-text")} aria-hidden />
          {signals.isFavorite ? "Favorite" : "Add to favorites"}
        </Button>
      ) : null}
    </div>
  );
}
