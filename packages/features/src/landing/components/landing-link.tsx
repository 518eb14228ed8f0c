import type { ComponentProps, ComponentType } from "react";

export type LandingLinkProps = Omit<ComponentProps<"a">, "href"> & { to: string };

/** How the landing page draws a link: the app's router `Link`, or a plain anchor. */
export type LandingLink = ComponentType<LandingLinkProps>;

/** A plain anchor: a full page load, for the landing page served without the app (docs/decisions/0019). */
export function PlainLink({ to, ...props }: LandingLinkProps) {
  return <a href={to} {...props} />;
}
