/**
 * Small display helpers for the Foundations docs pages (colors.mdx, typography.mdx, spacing.mdx).
 * Every class name is written out in full so Tailwind generates it.
 */
import type { CSSProperties, ReactNode } from "react";

interface ColorToken {
  /** The CSS custom property, e.g. "--surface-raised". */
  variable: string;
  /** The Tailwind colour name, e.g. "surface-raised" (bg-surface-raised, text-surface-raised...). */
  name: string;
  swatch: string;
  usage: string;
}

interface ColorGroup {
  title: string;
  tokens: readonly ColorToken[];
}

export const COLOR_GROUPS: readonly ColorGroup[] = [
  {
    title: "Surfaces",
    tokens: [
      { variable: "--background", name: "background", swatch: "bg-background", usage: "Page background" },
      { variable: "--surface", name: "surface", swatch: "bg-surface", usage: "Cards, inputs" },
      {
        variable: "--surface-raised",
        name: "surface-raised",
        swatch: "bg-surface-raised",
        usage: "Dialogs, sheets, menus, raised cards",
      },
      { variable: "--muted", name: "muted", swatch: "bg-muted", usage: "Tracks, skeletons, hover fills" },
      {
        variable: "--overlay",
        name: "overlay",
        swatch: "bg-overlay",
        usage: "Scrim behind dialogs and sheets (translucent)",
      },
    ],
  },
  {
    title: "Text",
    tokens: [
      { variable: "--foreground", name: "foreground", swatch: "bg-foreground", usage: "Body text, headings" },
      {
        variable: "--muted-foreground",
        name: "muted-foreground",
        swatch: "bg-muted-foreground",
        usage: "Secondary text, hints, icons",
      },
      {
        variable: "--accent-text",
        name: "accent-text",
        swatch: "bg-accent-text",
        usage: "Links and accent-coloured text (AA on backgrounds)",
      },
      {
        variable: "--destructive-text",
        name: "destructive-text",
        swatch: "bg-destructive-text",
        usage: "Error messages (AA on backgrounds)",
      },
    ],
  },
  {
    title: "Lines and focus",
    tokens: [
      { variable: "--border", name: "border", swatch: "bg-border", usage: "Dividers, card borders" },
      { variable: "--input", name: "input", swatch: "bg-input", usage: "Form control borders" },
      { variable: "--ring", name: "ring", swatch: "bg-ring", usage: "Focus outlines" },
    ],
  },
  {
    title: "Accent (brand)",
    tokens: [
      { variable: "--accent", name: "accent", swatch: "bg-accent", usage: "Primary buttons, count badges, progress" },
      { variable: "--accent-hover", name: "accent-hover", swatch: "bg-accent-hover", usage: "Primary hover" },
      {
        variable: "--accent-foreground",
        name: "accent-foreground",
        swatch: "bg-accent-foreground",
        usage: "Text on accent",
      },
    ],
  },
  {
    title: "Secondary",
    tokens: [
      {
        variable: "--secondary",
        name: "secondary",
        swatch: "bg-secondary",
        usage: "Secondary buttons, default badges",
      },
      {
        variable: "--secondary-hover",
        name: "secondary-hover",
        swatch: "bg-secondary-hover",
        usage: "Secondary hover",
      },
      {
        variable: "--secondary-foreground",
        name: "secondary-foreground",
        swatch: "bg-secondary-foreground",
        usage: "Text on secondary",
      },
    ],
  },
  {
    title: "Status",
    tokens: [
      {
        variable: "--destructive",
        name: "destructive",
        swatch: "bg-destructive",
        usage: "Destructive fills, invalid borders",
      },
      {
        variable: "--destructive-hover",
        name: "destructive-hover",
        swatch: "bg-destructive-hover",
        usage: "Destructive hover",
      },
      {
        variable: "--destructive-foreground",
        name: "destructive-foreground",
        swatch: "bg-destructive-foreground",
        usage: "Text on destructive",
      },
      { variable: "--success", name: "success", swatch: "bg-success", usage: "Success fills" },
      {
        variable: "--success-foreground",
        name: "success-foreground",
        swatch: "bg-success-foreground",
        usage: "Text on success",
      },
      { variable: "--online", name: "online", swatch: "bg-online", usage: "Presence dot" },
    ],
  },
];

function Swatch({ token }: { token: ColorToken }) {
  return (
    <li className="flex items-center gap-3 rounded-lg border border-border bg-surface p-3">
      {/* A checkerboard behind the colour, so translucent tokens (overlay) read as translucent. */}
      <span
        aria-hidden="true"
        className="relative size-14 shrink-0 overflow-hidden rounded-md border border-border bg-[repeating-conic-gradient(#8884_0%_25%,transparent_0%_50%)] bg-size-[12px_12px]"
      >
        <span className={`absolute inset-0 ${token.swatch}`} />
      </span>
      <span className="grid min-w-0 gap-0.5">
        <span className="text-sm font-semibold text-foreground">{token.name}</span>
        <code className="text-xs text-muted-foreground">var({token.variable})</code>
        <span className="text-xs text-muted-foreground">{token.usage}</span>
      </span>
    </li>
  );
}

/** Every colour token, grouped. Switch the toolbar theme to compare dark and light. */
export function ColorSwatches() {
  return (
    <div className="grid gap-8 font-sans">
      {COLOR_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3 className="mb-3 font-display text-lg font-semibold text-foreground">{group.title}</h3>
          <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 sm:grid-cols-2 lg:grid-cols-3">
            {group.tokens.map((token) => (
              <Swatch key={token.variable} token={token} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * A themed panel: docs pages sit on Storybook's own background, so every specimen is drawn on the
 * app's background in one theme (`sb-unstyled` keeps the docs typography out of it).
 */
export function Panel({ theme = "dark", children }: { theme?: "dark" | "light"; children: ReactNode }) {
  return (
    <div
      data-theme={theme}
      className="sb-unstyled my-4 rounded-xl border border-border bg-background p-6 font-sans text-foreground"
    >
      {children}
    </div>
  );
}

/** The same content in a dark and a light panel, one above the other. */
export function ThemePanels({ children }: { children: ReactNode }) {
  return (
    <>
      {(["dark", "light"] as const).map((theme) => (
        <Panel key={theme} theme={theme}>
          <p className="mt-0 mb-4 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {theme === "dark" ? "Dark (default)" : "Light"}
          </p>
          {children}
        </Panel>
      ))}
    </>
  );
}

const TYPE_SCALE = [
  { token: "text-xs", className: "text-xs", size: "0.75rem / 12 px", leading: "1rem" },
  { token: "text-sm", className: "text-sm", size: "0.875rem / 14 px", leading: "1.25rem" },
  { token: "text-base", className: "text-base", size: "1rem / 16 px", leading: "1.5rem" },
  { token: "text-lg", className: "text-lg", size: "1.125rem / 18 px", leading: "1.75rem" },
  { token: "text-xl", className: "text-xl", size: "1.25rem / 20 px", leading: "1.75rem" },
  { token: "text-2xl", className: "text-2xl", size: "1.5rem / 24 px", leading: "2rem" },
  { token: "text-3xl", className: "text-3xl", size: "1.875rem / 30 px", leading: "2.25rem" },
  { token: "text-4xl", className: "text-4xl", size: "2.25rem / 36 px", leading: "2.5rem" },
  { token: "text-5xl", className: "text-5xl", size: "3rem / 48 px", leading: "1.05" },
  { token: "text-6xl", className: "text-6xl", size: "3.75rem / 60 px", leading: "1" },
] as const;

/** The type scale, each step set in the display face. */
export function TypeScale() {
  return (
    <div className="grid gap-4 font-sans text-foreground">
      {TYPE_SCALE.map((step) => (
        <div
          key={step.token}
          className="grid items-baseline gap-x-6 gap-y-1 border-b border-border pb-4 md:grid-cols-[10rem_1fr]"
        >
          <div className="grid gap-0.5">
            <code className="text-sm font-semibold">{step.token}</code>
            <span className="text-xs text-muted-foreground">
              {step.size} · line-height {step.leading}
            </span>
          </div>
          <p className={`m-0 font-display font-semibold ${step.className}`}>Meet someone nearby tonight</p>
        </div>
      ))}
    </div>
  );
}

const FONT_FAMILIES = [
  {
    token: "font-sans",
    className: "font-sans",
    family: "Inter Variable",
    usage: "Body text, labels, controls (the default on <html>)",
  },
  {
    token: "font-display",
    className: "font-display",
    family: "Space Grotesk Variable",
    usage: "Headings, titles, numbers that need presence (countdowns, counters)",
  },
] as const;

/** The two font families with a specimen of each. */
export function FontFamilies() {
  return (
    <div className="grid gap-4 text-foreground md:grid-cols-2">
      {FONT_FAMILIES.map((font) => (
        <div key={font.token} className="grid gap-3 rounded-xl border border-border bg-surface p-5">
          <div className="flex items-baseline justify-between gap-3">
            <code className="text-sm font-semibold">{font.token}</code>
            <span className="text-xs text-muted-foreground">{font.family}</span>
          </div>
          <p className={`m-0 text-4xl font-semibold ${font.className}`}>Aa Gg 0123</p>
          <p className={`m-0 text-base ${font.className}`}>
            The quick brown fox jumps over the lazy dog. Who&apos;s around at 2 am?
          </p>
          <p className="m-0 text-xs text-muted-foreground">{font.usage}</p>
        </div>
      ))}
    </div>
  );
}

const SPACING_STEPS = [
  { step: 0.5, className: "w-0.5" },
  { step: 1, className: "w-1" },
  { step: 1.5, className: "w-1.5" },
  { step: 2, className: "w-2" },
  { step: 3, className: "w-3" },
  { step: 4, className: "w-4" },
  { step: 5, className: "w-5" },
  { step: 6, className: "w-6" },
  { step: 8, className: "w-8" },
  { step: 10, className: "w-10" },
  { step: 12, className: "w-12" },
  { step: 16, className: "w-16" },
  { step: 20, className: "w-20" },
  { step: 24, className: "w-24" },
] as const;

/** The spacing scale: one step is 4 px (--spacing: 0.25rem); p-4, gap-4 and w-4 are all 16 px. */
export function SpacingScale() {
  return (
    <div className="grid gap-2 font-sans text-foreground">
      {SPACING_STEPS.map(({ step, className }) => (
        <div key={step} className="grid grid-cols-[4rem_5rem_1fr] items-center gap-4">
          <code className="text-sm font-semibold">{step}</code>
          <span className="text-xs text-muted-foreground">{step * 4} px</span>
          <span aria-hidden="true" className={`block h-4 rounded-sm bg-accent ${className}`} />
        </div>
      ))}
    </div>
  );
}

const RADII = [
  { token: "rounded-sm", className: "rounded-sm", value: "0.375rem / 6 px", usage: "Small chips, checkboxes" },
  { token: "rounded-md", className: "rounded-md", value: "0.625rem / 10 px", usage: "Buttons, inputs, menu items" },
  { token: "rounded-lg", className: "rounded-lg", value: "0.875rem / 14 px", usage: "Cards, menus" },
  { token: "rounded-xl", className: "rounded-xl", value: "1.25rem / 20 px", usage: "Dialogs, sheets" },
  { token: "rounded-pill", className: "rounded-pill", value: "9999px", usage: "Badges, avatars, tabs" },
] as const;

export function RadiusScale() {
  return (
    <div className="grid grid-cols-2 gap-4 font-sans text-foreground sm:grid-cols-3 lg:grid-cols-5">
      {RADII.map((radius) => (
        <div key={radius.token} className="grid justify-items-start gap-2">
          <span
            aria-hidden="true"
            className={`block h-16 w-24 border-2 border-accent bg-accent/15 ${radius.className}`}
          />
          <code className="text-sm font-semibold">{radius.token}</code>
          <span className="text-xs text-muted-foreground">{radius.value}</span>
          <span className="text-xs text-muted-foreground">{radius.usage}</span>
        </div>
      ))}
    </div>
  );
}

const SHADOWS = [
  { token: "shadow-sm", className: "shadow-sm", usage: "Buttons, inputs" },
  { token: "shadow-md", className: "shadow-md", usage: "Raised cards" },
  { token: "shadow-lg", className: "shadow-lg", usage: "Dialogs, sheets, menus" },
  { token: "shadow-glow", className: "shadow-glow", usage: "Interactive card hover and focus, highlights" },
] as const;

export function ShadowScale() {
  const panel: CSSProperties = { minHeight: "6rem" };
  return (
    <div className="grid grid-cols-1 gap-6 p-2 font-sans text-foreground sm:grid-cols-2 lg:grid-cols-4">
      {SHADOWS.map((shadow) => (
        <div
          key={shadow.token}
          style={panel}
          className={`grid content-end gap-1 rounded-lg bg-surface-raised p-4 ${shadow.className}`}
        >
          <code className="text-sm font-semibold">{shadow.token}</code>
          <span className="text-xs text-muted-foreground">{shadow.usage}</span>
        </div>
      ))}
    </div>
  );
}
