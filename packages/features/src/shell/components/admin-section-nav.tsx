import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "@vicinity/ui";

/**
 * The admin area's sections: one line of links under the header. On a phone it scrolls sideways, starts
 * scrolled to the current section and fades at an end that has more.
 */
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/members", label: "Members", end: false },
  { to: "/admin/content", label: "Content audit", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
  { to: "/admin/ads", label: "Ads", end: false },
  { to: "/admin/analytics", label: "Analytics", end: false },
] as const;

/** How wide the fade is at an end of the line that has more sections beyond it. */
const FADE = "1.5rem";

/** The line's mask: it fades out at an end where more sections are hidden, so that a phone shows there are more. */
function fadeMask(start: boolean, end: boolean): CSSProperties | undefined {
  if (!start && !end) return undefined;
  const mask = `linear-gradient(to right, ${start ? `transparent, #000 ${FADE}` : "#000"}, ${end ? `#000 calc(100% - ${FADE}), transparent` : "#000"})`;
  return { maskImage: mask, WebkitMaskImage: mask };
}

export function AdminSectionNav({ className }: { className?: string }) {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const nav = navRef.current;
    if (!nav) return;
    const start = nav.scrollLeft > 1;
    const end = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
    setHidden((h) => (h.start === start && h.end === end ? h : { start, end }));
  }, []);
  // The current section in sight: on a phone the line scrolls sideways (never the page) to centre it, on
  // arriving and whenever the line's width or its sections' widths change (a font that came late, a rotation).
  const reveal = useCallback(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current) {
      const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left + nav.scrollLeft;
      nav.scrollLeft = Math.max(0, offset - (nav.clientWidth - current.offsetWidth) / 2);
    }
    measure();
  }, [measure]);
  useLayoutEffect(reveal, [pathname, reveal]);
  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(reveal);
    observer.observe(nav);
    if (nav.firstElementChild) observer.observe(nav.firstElementChild);
    return () => observer.disconnect();
  }, [reveal]);
  return (
    <nav
      ref={navRef}
      aria-label="Admin"
      onScroll={measure}
      style={fadeMask(hidden.start, hidden.end)}
      className={cn("-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0", className)}
    >
      <ul className="flex w-max gap-1 border-b">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors duration-(--duration-fast) focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring",
                  isActive
                    ? "border-accent text-foreground"
                    : "border-transparent text-muted-foreground hover:text-foreground",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
