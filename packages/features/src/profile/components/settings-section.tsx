import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from "@vicinity/ui";

export interface SettingsSectionProps {
  /** The section's anchor (also names its heading: `${id}-heading`). */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** A decorative icon before the title. */
  icon?: ReactNode;
  /** Beside the title: a count, a status badge. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One card of the settings page: a level-2 heading that names the region, and its content. */
export function SettingsSection({ id, title, description, icon, aside, className, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Card asChild className={cn("scroll-mt-20", className)}>
      <section id={id} aria-labelledby={headingId}>
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle asChild>
              <h2 id={headingId} className="flex items-center gap-2">
                {icon ? (
                  <span className="text-accent-text [&_svg]:size-5" aria-hidden>
                    {icon}
                  </span>
                ) : null}
                {title}
              </h2>
            </CardTitle>
            {aside}
          </div>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
