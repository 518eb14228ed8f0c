import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router";
import {
  AppLayout,
  BrowsePage,
  ComingSoonPage,
  DeviceSwitch,
  NotFoundPage,
  RequireAdmin,
  RequireMember,
  RootScreen,
} from "@vicinity/features/shell";
import { AuthPage, JoinPage } from "@vicinity/features/auth";
import { STATIC_PAGES, StaticPage } from "@vicinity/features/static-pages";
import { MemberProfilePage } from "@vicinity/features/discovery";
import { ProfileSettingsPage } from "@vicinity/features/profile";
import { MessagesPage } from "@vicinity/features/messages";

const soon = (title: string, description?: string) => <ComingSoonPage title={title} description={description} />;
const member = (page: string, element: ReactNode) => <RequireMember page={page}>{element}</RequireMember>;
const admin = (page: string, element: ReactNode) => <RequireAdmin page={page}>{element}</RequireAdmin>;

/**
 * The routes of spec section 2, plus /login (decisions.md 2) and /terms (docs/decisions/0005).
 * Member-only routes ask visitors to sign in and guests to sign up; admin routes say "not allowed"
 * to members (docs/decisions/0010). Screens that later issues build say "coming soon".
 */
export const appRoutes: RouteObject[] = [
  { path: "/", element: <RootScreen /> },
  { path: "/auth", element: <AuthPage /> },
  { path: "/join", element: <JoinPage /> },
  // decisions.md 2: /login is registered and shows /auth on its Sign In tab (no tab parameter means login).
  { path: "/login", element: <AuthPage /> },
  {
    element: <AppLayout />,
    children: [
      ...STATIC_PAGES.map((entry) => ({ path: entry.path, element: <StaticPage entry={entry} /> })),
      { path: "/browse", element: <BrowsePage /> },
      // decisions.md 1: visitors and guests may open /map in limited mode.
      { path: "/map", element: soon("Map", "The live map is coming soon.") },
      { path: "/home", element: member("Home", <Navigate to="/" replace />) },
      { path: "/enhanced-home", element: member("Home", <Navigate to="/" replace />) },
      { path: "/map-basic", element: member("the basic map", soon("Basic map")) },
      { path: "/location", element: member("your location", soon("Location")) },
      // Spec section 2: a mobile view (list, then thread) and a richer one (side by side).
      ...["/messages", "/messages/:conversationId"].map((path) => ({
        path,
        element: member("your messages", <DeviceSwitch mobile={<MessagesPage layout="mobile" />} desktop={<MessagesPage layout="desktop" />} />),
      })),
      {
        path: "/events",
        element: member("events", <DeviceSwitch mobile={soon("Events")} desktop={soon("Events", "Events near you are coming soon.")} />),
      },
      { path: "/events-modern", element: member("events", soon("Events")) },
      // A member's profile, opened from a card (issue 5); visitors and guests are invited to join.
      { path: "/members/:id", element: member("member profiles", <MemberProfilePage />) },
      { path: "/profile", element: member("your profile settings", <ProfileSettingsPage />) },
      { path: "/admin", element: admin("The admin panel", soon("Admin Panel")) },
      { path: "/admin/ads", element: admin("Ads", soon("Ads")) },
      { path: "/admin/analytics", element: admin("Analytics", soon("Analytics")) },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
];
