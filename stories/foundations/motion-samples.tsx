/**
 * Specimens for the Motion docs page (motion.mdx). The moves are inline styles that read the
 * tokens (var(--duration-*), var(--ease-*)), so the page shows the tokens themselves; every class
 * name is one the app already uses.
 */
import { useState, type CSSProperties } from "react";
import { Button } from "@vicinity/ui";

const DURATIONS = [
  {
    token: "--duration-fast",
    value: "120 ms",
    usage: "Colour and state changes: hover, focus, a switch's thumb, tabs",
  },
  {
    token: "--duration-base",
    value: "200 ms",
    usage: "Cards lighting up; dialogs, overlays, tooltips and toasts fading in",
  },
  {
    token: "--duration-slow",
    value: "320 ms",
    usage: "Things that travel: a sheet sliding in, a progress bar filling",
  },
] as const;

const EASINGS = [
  {
    token: "--ease-standard",
    value: "cubic-bezier(0.2, 0, 0, 1)",
    usage: "Every move: starts at once, settles softly",
  },
  {
    token: "--ease-emphasized",
    value: "cubic-bezier(0.3, 0, 0, 1.3)",
    usage: "A slight overshoot, for the rare move that must draw the eye",
  },
] as const;

const track: CSSProperties = { position: "relative", height: "1.5rem" };

function Dot({ moved, duration, easing }: { moved: boolean; duration: string; easing: string }) {
  const style: CSSProperties = {
    position: "absolute",
    left: 0,
    top: 0,
    transform: moved ? "translateX(12rem)" : "none",
    transition: `transform var(${duration}) var(${easing})`,
  };
  return <span aria-hidden="true" style={style} className="block size-6 rounded-pill bg-accent" />;
}

/** Each duration and easing, moving a dot when asked. */
export function MotionTokens() {
  const [moved, setMoved] = useState(false);
  return (
    <div className="grid gap-6 font-sans text-foreground">
      <div>
        <Button variant="secondary" size="sm" onClick={() => setMoved((m) => !m)}>
          {moved ? "Move back" : "Play the moves"}
        </Button>
      </div>
      <div className="grid gap-4">
        {DURATIONS.map((d) => (
          <div
            key={d.token}
            className="grid items-center gap-x-6 gap-y-1 border-b border-border pb-4 md:grid-cols-[10rem_1fr]"
          >
            <div className="grid gap-0.5">
              <code className="text-sm font-semibold">{d.token}</code>
              <span className="text-xs text-muted-foreground">
                {d.value} · {d.usage}
              </span>
            </div>
            <div style={track}>
              <Dot moved={moved} duration={d.token} easing="--ease-standard" />
            </div>
          </div>
        ))}
        {EASINGS.map((e) => (
          <div
            key={e.token}
            className="grid items-center gap-x-6 gap-y-1 border-b border-border pb-4 md:grid-cols-[10rem_1fr]"
          >
            <div className="grid gap-0.5">
              <code className="text-sm font-semibold">{e.token}</code>
              <span className="text-xs text-muted-foreground">
                {e.value} · {e.usage}
              </span>
            </div>
            <div style={track}>
              <Dot moved={moved} duration="--duration-slow" easing={e.token} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

const ANIMATIONS = [
  { name: "animate-fade-in", usage: "Overlays, dialogs, tooltips, toasts as they open", className: "animate-fade-in" },
  { name: "animate-slide-up", usage: "The bottom sheet on phones", className: "animate-slide-up" },
  { name: "animate-pulse-dot", usage: "The landing page's live dot (repeats)", className: "animate-pulse-dot" },
  { name: "animate-pulse", usage: "Skeletons, an indeterminate progress bar (repeats)", className: "animate-pulse" },
  { name: "animate-spin", usage: "Spinner (repeats)", className: "animate-spin" },
] as const;

/** The named animations, replayed on demand. */
export function AnimationSamples() {
  const [round, setRound] = useState(0);
  return (
    <div className="grid gap-4 font-sans text-foreground">
      <div>
        <Button variant="secondary" size="sm" onClick={() => setRound((r) => r + 1)}>
          Replay
        </Button>
      </div>
      <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
        {ANIMATIONS.map((a) => (
          <li
            key={a.name}
            className="flex items-center gap-3 overflow-hidden rounded-lg border border-border bg-surface p-3"
          >
            <span
              key={round}
              aria-hidden="true"
              className={`block size-10 shrink-0 bg-accent ${a.name === "animate-spin" ? "rounded-full border-2 border-current border-r-transparent bg-transparent text-accent" : "rounded-md"} ${a.className}`}
            />
            <span className="grid min-w-0 gap-0.5">
              <code className="text-sm font-semibold">{a.name}</code>
              <span className="text-xs text-muted-foreground">{a.usage}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
