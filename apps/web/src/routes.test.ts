import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { APP_PAGE_PATTERNS, isAppPage, matchesPagePattern } from "@vicinity/contract";
import { appRoutes } from "./routes";

/** Every page path of the router, nested paths joined to their parents' ("*", the 404 page, left out). */
function pagePaths(routes: readonly RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || "/" : route.path;
    const full = own === undefined ? parent : own.startsWith("/") ? own : `${parent.replace(/\/$/, "")}/${own}`;
    const here = route.path !== undefined || route.index ? [full] : [];
    return [...here, ...pagePaths(route.children ?? [], full)].filter((p) => p !== "*" && !p.endsWith("/*"));
  });
}

describe("the router's pages and the server's list (APP_PAGE_PATTERNS)", () => {
  it("are the same pages: a page added to one and not the other fails here", () => {
    expect(new Set(pagePaths(appRoutes))).toEqual(new Set(APP_PAGE_PATTERNS));
  });

  it("match paths as the router does: optional segments, parameters, any case, a trailing slash", () => {
    expect(isAppPage("/")).toBe(true);
    expect(isAppPage("/messages")).toBe(true);
    expect(isAppPage("/messages/3f1c")).toBe(true);
    expect(isAppPage("/messages/3f1c/more")).toBe(false);
    expect(isAppPage("/events/abc/edit?tab=x#top")).toBe(true);
    expect(isAppPage("/Browse/")).toBe(true);
    expect(isAppPage("/admin/ads/new")).toBe(true);
    expect(isAppPage("/admin/nothing")).toBe(false);
    expect(isAppPage("/nope")).toBe(false);
    expect(isAppPage("/members")).toBe(false);
    expect(matchesPagePattern("/events/:id", "/events/")).toBe(false);
  });
});
