/**
 * Specimens for the Icons docs page (icons.mdx): lucide-react icons at the app's sizes, and the
 * three ways an icon meets a screen reader. Every class name is one the app already uses.
 */
import { Bell, CalendarDays, Flag, MapPin, MessageCircle, Users, X, Zap } from "lucide-react";
import { Badge, Button } from "@vicinity/ui";

const SIZES = [
  {
    token: "size-3",
    px: 12,
    usage: "Inside a Badge; a tag's remove button",
    icon: <MapPin aria-hidden className="size-3" />,
  },
  {
    token: "size-3.5",
    px: 14,
    usage: "Beside small text (a card's distance); a checkbox's mark",
    icon: <MapPin aria-hidden className="size-3.5" />,
  },
  {
    token: "size-4",
    px: 16,
    usage: "The default: in buttons, menu items, tabs and inputs",
    icon: <MapPin aria-hidden className="size-4" />,
  },
  {
    token: "size-5",
    px: 20,
    usage: "The close button of dialogs and sheets",
    icon: <MapPin aria-hidden className="size-5" />,
  },
  { token: "size-7", px: 28, usage: "An empty state's picture", icon: <MapPin aria-hidden className="size-7" /> },
] as const;

/** The icon sizes the app uses, with where each one goes. */
export function IconSizes() {
  return (
    <div className="grid gap-4 font-sans text-foreground">
      {SIZES.map((s) => (
        <div
          key={s.token}
          className="grid items-center gap-x-6 gap-y-1 border-b border-border pb-4 md:grid-cols-[10rem_1fr]"
        >
          <div className="grid gap-0.5">
            <code className="text-sm font-semibold">{s.token}</code>
            <span className="text-xs text-muted-foreground">{s.px} px</span>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-accent-text">{s.icon}</span>
            <span className="text-sm text-muted-foreground">{s.usage}</span>
          </div>
        </div>
      ))}
    </div>
  );
}

const SET = [
  { name: "MapPin", icon: <MapPin aria-hidden /> },
  { name: "MessageCircle", icon: <MessageCircle aria-hidden /> },
  { name: "CalendarDays", icon: <CalendarDays aria-hidden /> },
  { name: "Users", icon: <Users aria-hidden /> },
  { name: "Zap", icon: <Zap aria-hidden /> },
  { name: "Bell", icon: <Bell aria-hidden /> },
  { name: "Flag", icon: <Flag aria-hidden /> },
  { name: "X", icon: <X aria-hidden /> },
] as const;

/** Icons the app uses often, in the current text colour. */
export function IconSet() {
  return (
    <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3 lg:grid-cols-4">
      {SET.map((i) => (
        <li
          key={i.name}
          className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3 text-foreground [&_svg]:size-5"
        >
          {i.icon}
          <code className="text-sm">{i.name}</code>
        </li>
      ))}
    </ul>
  );
}

/** Decorative beside text, alone in a labelled button, and in a badge. */
export function IconUses() {
  return (
    <div className="grid gap-6 font-sans text-foreground">
      <div className="grid gap-2">
        <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Beside text: hidden from screen readers
        </span>
        <div className="flex flex-wrap items-center gap-3">
          <Button>
            <MessageCircle aria-hidden /> Message
          </Button>
          <Button variant="outline">
            <Flag aria-hidden /> Report
          </Button>
          <Badge variant="accent">
            <Zap aria-hidden /> Right Now
          </Badge>
        </div>
      </div>
      <div className="grid gap-2">
        <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Alone: the button carries the name
        </span>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="ghost" size="icon" aria-label="Notifications, 3 unread">
            <Bell aria-hidden />
          </Button>
          <Button variant="outline" size="icon" aria-label="Close">
            <X aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
