import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandMark } from "@vicinity/features/shared";

/**
 * The header's frame: the bar with the brand and its contents, and what opens below it (the phone
 * menu). Light on purpose: alone, it holds the header's place while the header's code arrives.
 */
export function AppHeaderFrame({ children, below }: { children?: ReactNode; below?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <Link to="/" aria-label="Vicinity home" className="rounded-md">
          <BrandMark />
        </Link>
        {children}
      </div>
      {below}
    </header>
  );
}
