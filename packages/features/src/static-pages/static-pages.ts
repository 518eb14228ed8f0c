import { lazy, type ComponentType, type LazyExoticComponent } from "react";

export interface StaticPageEntry {
  path: string;
  /** The name in 'Loading {name}...'. */
  name: string;
  Page: LazyExoticComponent<ComponentType>;
}

/** Spec section 2: the static pages, loaded on demand (each its own chunk). */
export const STATIC_PAGES: readonly StaticPageEntry[] = [
  { path: "/about", name: "About", Page: lazy(() => import("./pages/about")) },
  { path: "/safety", name: "Safety", Page: lazy(() => import("./pages/safety")) },
  {
    path: "/community-guidelines",
    name: "Community Guidelines",
    Page: lazy(() => import("./pages/community-guidelines")),
  },
  { path: "/help", name: "Help", Page: lazy(() => import("./pages/help")) },
  { path: "/privacy", name: "Privacy", Page: lazy(() => import("./pages/privacy")) },
  { path: "/terms", name: "Terms", Page: lazy(() => import("./pages/terms")) },
];
