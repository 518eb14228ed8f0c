import type { ComponentType } from "react";
import { Navigate, type RouteObject } from "react-router";
import {
  AdminPages,
  AppLayout,
  FullPageLoading,
  MemberPages,
  PageLoading,
  RouteError,
  rootRoute,
  type PageHandle,
} from "@vicinity/features/shell";
import { STATIC_PAGES, StaticPage } from "@vicinity/features/static-pages";

/** Shown on a first load while a page outside the layout (auth, 404) fetches its code. */
function AppLoading() {
  return <FullPageLoading label="Loading Vicinity..." />;
}

/**
 * A page loaded on demand: its code comes from a module of ./pages (one chunk each, holding only
 * what the page uses of the feature barrels). On a first load its place shows `fallback` meanwhile;
 * on a move, the current page stays until it has arrived (the layout shows a bar).
 */
function page(
  load: () => Promise<ComponentType>,
  fallback: ComponentType = PageLoading,
): Pick<RouteObject, "lazy" | "HydrateFallback"> {
  return { lazy: async () => ({ Component: await load() }), HydrateFallback: fallback };
}

const handle = (value: PageHandle) => value;

/**
 * The routes of spec section 2, plus /login (decisions.md 2) and /terms (docs/decisions/0005).
 * "/" and the app's pages share one layout route, kept for the whole visit (one socket, one
 * messenger). Pages say what they need through their `handle` (docs/decisions/0017); member-only
 * and admin pages sit under a layout route that guards them once (docs/decisions/0010). Every
 * page but the landing page is loaded on demand.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      rootRoute,
      ...STATIC_PAGES.map((entry) => ({ path: entry.path, element: <StaticPage entry={entry} /> })),
      { path: "/browse", ...page(async () => (await import("./pages/browse")).BrowsePage) },
      // decisions.md 1: visitors and guests may open /map in limited mode.
      {
        path: "/map",
        handle: handle({ fullScreen: true }),
        ...page(async () => (await import("./pages/map")).MapPage),
      },
      {
        Component: MemberPages,
        children: [
          { path: "/home", handle: handle({ page: "Home" }), element: <Navigate to="/" replace /> },
          { path: "/enhanced-home", handle: handle({ page: "Home" }), element: <Navigate to="/" replace /> },
          {
            path: "/map-basic",
            handle: handle({ page: "the basic map" }),
            ...page(async () => (await import("./pages/map-basic")).MapBasicPage),
          },
          {
            path: "/location",
            handle: handle({ page: "your location" }),
            ...page(async () => (await import("./pages/location")).LocationPage),
          },
          {
            path: "/messages/:conversationId?",
            handle: handle({ page: "your messages", fullScreen: true }),
            ...page(async () => (await import("./pages/messages")).Messages),
          },
          {
            path: "/events",
            handle: handle({ page: "events" }),
            ...page(async () => (await import("./pages/events")).Events),
          },
          {
            path: "/events-modern",
            handle: handle({ page: "events" }),
            ...page(async () => (await import("./pages/events")).EventsModern),
          },
          {
            path: "/events/new",
            handle: handle({ page: "hosting an event" }),
            ...page(async () => (await import("./pages/events-event")).NewEventRoute),
          },
          {
            path: "/events/:id",
            handle: handle({ page: "events" }),
            ...page(async () => (await import("./pages/events-event")).EventRoute),
          },
          {
            path: "/events/:id/edit",
            handle: handle({ page: "hosting an event" }),
            ...page(async () => (await import("./pages/events-event")).EditEventRoute),
          },
          {
            path: "/groups",
            handle: handle({ page: "groups" }),
            ...page(async () => (await import("./pages/groups")).GroupsRoute),
          },
          {
            path: "/groups/new",
            handle: handle({ page: "creating a group" }),
            ...page(async () => (await import("./pages/groups")).NewGroupRoute),
          },
          {
            path: "/groups/:id",
            handle: handle({ page: "groups" }),
            ...page(async () => (await import("./pages/groups")).GroupRoute),
          },
          {
            path: "/groups/:id/edit",
            handle: handle({ page: "groups" }),
            ...page(async () => (await import("./pages/groups")).EditGroupRoute),
          },
          {
            path: "/groups/:id/manage",
            handle: handle({ page: "groups" }),
            ...page(async () => (await import("./pages/groups")).ManageGroupRoute),
          },
          // A member's profile, opened from a card; visitors and guests are invited to join.
          {
            path: "/members/:id",
            handle: handle({ page: "member profiles" }),
            ...page(async () => (await import("./pages/member-profile")).MemberProfilePage),
          },
          // Taps, who viewed me, favorites (issue 38).
          {
            path: "/interest",
            handle: handle({ page: "your taps and views" }),
            ...page(async () => (await import("./pages/interest")).InterestPage),
          },
          // Private albums (decisions/0046): his albums, and the one he edits.
          {
            path: "/albums/:albumId?",
            handle: handle({ page: "your private albums" }),
            ...page(async () => (await import("./pages/albums")).AlbumsPage),
          },
          {
            path: "/profile",
            handle: handle({ page: "your profile settings" }),
            ...page(async () => (await import("./pages/profile-settings")).ProfileSettingsPage),
          },
        ],
      },
      {
        path: "/admin",
        Component: AdminPages,
        handle: handle({ page: "The admin panel" }),
        children: [
          { index: true, ...page(async () => (await import("./pages/admin")).AdminOverviewRoute) },
          {
            path: "members",
            handle: handle({ page: "Members" }),
            ...page(async () => (await import("./pages/admin")).AdminMembersRoute),
          },
          {
            path: "members/:id",
            handle: handle({ page: "Members" }),
            ...page(async () => (await import("./pages/admin")).AdminMemberRoute),
          },
          {
            path: "content",
            handle: handle({ page: "Content audit" }),
            ...page(async () => (await import("./pages/admin")).AdminContentRoute),
          },
          {
            path: "audit",
            handle: handle({ page: "Audit log" }),
            ...page(async () => (await import("./pages/admin")).AdminAuditRoute),
          },
          {
            path: "ads",
            handle: handle({ page: "Ads" }),
            ...page(async () => (await import("./pages/admin-ads")).CampaignsRoute),
          },
          {
            path: "ads/new",
            handle: handle({ page: "Ads" }),
            ...page(async () => (await import("./pages/admin-ads")).NewCampaignRoute),
          },
          {
            path: "ads/:id",
            handle: handle({ page: "Ads" }),
            ...page(async () => (await import("./pages/admin-ads")).CampaignRoute),
          },
          {
            path: "ads/:id/edit",
            handle: handle({ page: "Ads" }),
            ...page(async () => (await import("./pages/admin-ads")).EditCampaignRoute),
          },
          {
            path: "analytics",
            handle: handle({ page: "Analytics" }),
            ...page(async () => (await import("./pages/admin-analytics")).AdminAnalyticsRoute),
          },
        ],
      },
    ],
  },
  {
    path: "/auth",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/auth")).AuthPage, AppLoading),
  },
  {
    path: "/join",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/auth")).JoinPage, AppLoading),
  },
  // decisions.md 2: /login is registered and shows /auth on its Sign In tab (no tab parameter means login).
  {
    path: "/login",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/auth")).AuthPage, AppLoading),
  },
  // A forgotten password, and the pages the links of mails open (for anyone holding one).
  {
    path: "/forgot-password",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/account")).ForgotPasswordPage, AppLoading),
  },
  {
    path: "/reset-password",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/account")).ResetPasswordPage, AppLoading),
  },
  {
    path: "/verify-email",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/account")).VerifyEmailRoute, AppLoading),
  },
  {
    path: "/confirm-email",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/account")).ConfirmEmailRoute, AppLoading),
  },
  {
    path: "/undo-email-change",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/account")).UndoEmailChangeRoute, AppLoading),
  },
  {
    path: "*",
    ErrorBoundary: RouteError,
    ...page(async () => (await import("./pages/not-found")).NotFoundPage, AppLoading),
  },
];
