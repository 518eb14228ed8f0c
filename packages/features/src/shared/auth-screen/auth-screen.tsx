import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "@vicinity/contract";
import { BrandMark } from "../brand/brand-mark";

export interface AuthScreenProps {
  /** The screen's title (its h1) and a line under it. */
  title: ReactNode;
  subtitle?: ReactNode;
  /** Beside the wordmark, top right: 'Back to Home' on /auth. */
  headerAction?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of both auth screens: the wordmark at the top, then a card centred on larger
 * screens and the full width on phones, under a soft accent glow.
 */
export function AuthScreen({ title, subtitle, headerAction, children }: AuthScreenProps) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden bg-background text-foreground">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-56 left-1/2 -z-10 size-[42rem] -translate-x-1/2 rounded-full bg-accent/12 blur-3xl"
      />
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-5 py-4 sm:px-6 sm:py-5">
        <Link to="/" aria-label={`${PRODUCT_NAME} home`} className="rounded-md">
          <BrandMark />
        </Link>
        {headerAction}
      </header>

      <main className="flex flex-1 flex-col items-center px-0 pb-10 sm:justify-center sm:px-6 sm:pb-16">
        <div className="w-full sm:max-w-md">
          <section
            aria-labelledby="auth-screen-title"
            className="relative px-5 pt-4 pb-2 sm:overflow-hidden sm:rounded-xl sm:border sm:bg-surface sm:px-8 sm:pt-9 sm:pb-8 sm:shadow-lg"
          >
            <div
              aria-hidden
              className="absolute inset-x-0 top-0 hidden h-0.5 bg-linear-to-r from-transparent via-accent to-transparent sm:block"
            />
            <div className="mb-6 grid gap-2">
              <h1 id="auth-screen-title" className="font-display text-3xl font-bold tracking-tight">
                {title}
              </h1>
              {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
            </div>
            {children}
          </section>
          <p className="mt-6 px-5 text-center text-xs text-muted-foreground">
            {PRODUCT_NAME} is for adults 18+ only.{" "}
            <Link className="underline underline-offset-4 hover:text-foreground" to="/terms">
              Terms
            </Link>{" "}
            ·{" "}
            <Link className="underline underline-offset-4 hover:text-foreground" to="/privacy">
              Privacy
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
