import { CalendarDays, MessageCircle, Users } from "lucide-react";
import type { SessionUser } from "@vicinity/contract";
import { CountBadge, Tabs, TabsContent, TabsList, TabsTrigger } from "@vicinity/ui";
import {
  dashboardGreeting,
  greetingName,
  joinedThisVisit,
  UNREAD_REFRESH_DASHBOARD_MS,
  useOnlineCount,
  useUnreadCount,
  useMemberLocation,
  useShareLocation,
  type MemberLocation,
} from "@vicinity/features/shared";
import { DiscoveryPanel } from "@vicinity/features/discovery";
import { NextEvents } from "@vicinity/features/events";
import { ONBOARDING_COMPLETED_KEY, shouldOpenOnboarding } from "@vicinity/features/onboarding";
import { lazy, Suspense, useState } from "react";
import { PageLoading } from "./full-page-status";

// Not needed for the home's first paint, so not in its first load: the messages tab's list arrives when
// the tab is opened, the onboarding when it opens.
const RecentConversations = lazy(() => import("./home-on-demand").then((m) => ({ default: m.RecentConversations })));
const OnboardingModal = lazy(() => import("./home-on-demand").then((m) => ({ default: m.OnboardingModal })));

export interface SignedInHomeProps {
  user: SessionUser;
  /** Stories fix the location; the app asks the device, and tells the server what it says. */
  location?: MemberLocation | null;
}

/** The signed-in home (spec section 2, Dashboard): the greeting and three tabs. */
export function SignedInHome({ user, location: given }: SignedInHomeProps) {
  const asked = useMemberLocation(given === undefined ? undefined : null);
  const location = given === undefined ? asked : given;
  useShareLocation(given === undefined ? asked : null);
  // Spec section 4: onboarding opens by itself for a member with neither first name nor bio.
  const [onboarding, setOnboarding] = useState(() =>
    shouldOpenOnboarding(user, window.localStorage.getItem(ONBOARDING_COMPLETED_KEY)),
  );
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6 sm:py-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-2 px-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">
          {dashboardGreeting(greetingName(user), joinedThisVisit(user.id))}
        </h1>
        <OnlineNow />
      </div>
      <Tabs defaultValue="discovery" className="gap-4">
        <TabsList className="grid w-full grid-cols-3 sm:inline-grid sm:w-auto">
          <TabsTrigger value="discovery">
            <Users className="size-4 max-sm:hidden" aria-hidden /> Discover Users
          </TabsTrigger>
          <TabsTrigger value="messages">
            <MessageCircle className="size-4 max-sm:hidden" aria-hidden /> Messages
            <UnreadBadge />
          </TabsTrigger>
          <TabsTrigger value="events">
            <CalendarDays className="size-4 max-sm:hidden" aria-hidden /> Events
          </TabsTrigger>
        </TabsList>
        <TabsContent value="discovery">
          <DiscoveryPanel location={location} />
        </TabsContent>
        <TabsContent value="messages">
          <Suspense fallback={<PageLoading />}>
            <RecentConversations />
          </Suspense>
        </TabsContent>
        <TabsContent value="events">
          <NextEvents />
        </TabsContent>
      </Tabs>
      {onboarding ? (
        <Suspense fallback={null}>
          <OnboardingModal open onClose={() => setOnboarding(false)} />
        </Suspense>
      ) : null}
    </main>
  );
}

// The counts are drawn by components of their own: when one arrives or refreshes (the unread count
// every 30 s), only its figure is drawn again, not the home with its tabs and grid.

/** How many members are online now (hidden while unknown or none). */
function OnlineNow() {
  const online = useOnlineCount(true);
  return online.data && online.data > 0 ? (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="online-count">
      <span className="size-2 rounded-full bg-online" aria-hidden />
      {online.data} online now
    </p>
  ) : null;
}

/** The Messages tab's unread count. Spec section 9: the dashboard's refreshes every 30 s (and at once when a message arrives). */
function UnreadBadge() {
  const unread = useUnreadCount(true, UNREAD_REFRESH_DASHBOARD_MS);
  // One figure everywhere: "9+" above 9, as the header's menu and the phone's tab bar.
  return <CountBadge count={unread.data ?? 0} data-testid="messages-tab-unread" />;
}
