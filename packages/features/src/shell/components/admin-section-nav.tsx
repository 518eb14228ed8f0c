import { NavLink } from "react-router";
import { cn } from "@vicinity/ui";

/** The admin area's sections: one line of links under the header, scrolling sideways on phones. */
export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/members", label: "Members", end: false },
  { to: "/admin/content", label: "Content audit", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
  { to: "/admin/ads", label: "Ads", end: false },
  { to: "/admin/analytics", label: "Analytics", end: false },
] as const;

export function AdminSectionNav({ className }: { className?: string }) {
  return (
    <nav aria-label="Admin" className={cn("-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0", className)}>
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
