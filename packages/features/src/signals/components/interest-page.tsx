import { useSearchParams } from "react-router";
import { Eye, Hand, Star } from "lucide-react";
import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import {
  tapKindsText,
  type FavoritesList as FavoritesListType,
  type TapKind,
  type TapsList as TapsListType,
  type ViewedMe,
} from "@vicinity/contract";
import { EmptyState, Label, Switch, Tabs, TabsContent, TabsList, TabsTrigger, toast } from "@vicinity/ui";
import { displayNameOf, serverMessageOr, SignalButtons, TAP_ICONS, timeAgo } from "@vicinity/features/shared";
import { useFavorites, useLeavesTrace, useTaps, useViewedMe } from "../api/signals";
import { SignalListError, SignalListLoading, SignalRow } from "./signal-list";

export const INTEREST_TABS = ["taps", "views", "favorites"] as const;
export type InterestTab = (typeof INTEREST_TABS)[number];
const isTab = (value: string | null): value is InterestTab => INTEREST_TABS.includes(value as InterestTab);

/** A list's query: its loading rows, its error with Try again, or what the list shows. */
function Loaded<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.status === "pending") return <SignalListLoading label={loading} />;
  if (query.status === "error")
    return <SignalListError title={failed} error={query.error} retry={() => void query.refetch()} />;
  return children(query.data);
}

/** His taps' icons and words: "Hi and Looking". */
function KindsLine({ kinds }: { kinds: readonly TapKind[] }) {
  return (
    <span className="inline-flex items-center gap-1">
      {kinds.map((k) => {
        const Icon = TAP_ICONS[k];
        return <Icon key={k} className="size-3.5 text-accent-text" aria-hidden />;
      })}
      {tapKindsText(kinds)}
    </span>
  );
}

function TapsList({ taps }: TapsListType) {
  if (taps.length === 0)
    return (
      <EmptyState
        icon={<Hand className="size-8" aria-hidden />}
        title="No taps yet"
        description="When someone taps you, he shows up here. Tap someone yourself from his profile: a tap back is a match."
      />
    );
  return (
    <ul aria-label="Taps">
      {taps.map((tap) => (
        <SignalRow
          key={tap.member.id}
          member={tap.member}
          detail={
            <>
              <KindsLine kinds={tap.kinds} /> · {timeAgo(tap.at)}
            </>
          }
          actions={
            <SignalButtons
              memberId={tap.member.id}
              name={displayNameOf(tap.member)}
              signals={{ isFavorite: false, tapsSentToday: tap.sentToday, match: tap.match }}
              withFavorite={false}
            />
          }
        />
      ))}
    </ul>
  );
}

function TraceSwitch({ on }: { on: boolean }) {
  const trace = useLeavesTrace();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-border p-3">
      <div className="grid gap-0.5">
        <Label htmlFor="leaves-trace">Show my visits</Label>
        <p id="leaves-trace-help" className="text-sm text-muted-foreground">
          {on
            ? "Members whose profile you open see your visit. Turn it off to browse without a trace (you then see nobody's visits either)."
            : "You browse without a trace, so you see nobody's visits either. In private mode you never leave one."}
        </p>
      </div>
      <Switch
        id="leaves-trace"
        aria-describedby="leaves-trace-help"
        checked={on}
        disabled={trace.isPending}
        onCheckedChange={(value) =>
          trace.mutate(value, {
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Couldn't change it",
                description: serverMessageOr(error, "Check your connection and try again."),
              }),
          })
        }
      />
    </div>
  );
}

function ViewsList({ leavesTrace, views: list }: ViewedMe) {
  return (
    <div className="grid gap-3">
      <TraceSwitch on={leavesTrace} />
      {!leavesTrace ? (
        <EmptyState
          icon={<Eye className="size-8" aria-hidden />}
          title="You're browsing without a trace"
          description="Turn on Show my visits to see who viewed your profile."
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<Eye className="size-8" aria-hidden />}
          title="Nobody viewed your profile this week"
          description="A clear photo and a few words about you bring more visits."
        />
      ) : (
        <ul aria-label="Viewed me">
          {list.map((view) => (
            <SignalRow key={view.member.id} member={view.member} detail={`Viewed you ${timeAgo(view.at)}`} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FavoritesList({ favorites }: FavoritesListType) {
  if (favorites.length === 0)
    return (
      <EmptyState
        icon={<Star className="size-8" aria-hidden />}
        title="No favorites yet"
        description="Star members on their profile to keep them here. Only you can see your favorites."
      />
    );
  return (
    <ul aria-label="Favorites">
      {favorites.map((f) => (
        <SignalRow
          key={f.member.id}
          member={f.member}
          detail={f.member.isOnline ? "Online now" : `Added ${timeAgo(f.at)}`}
        />
      ))}
    </ul>
  );
}

const TapsTab = () => (
  <Loaded query={useTaps()} loading="Loading your taps..." failed="Couldn't load your taps">
    {(data) => <TapsList {...data} />}
  </Loaded>
);
const ViewsTab = () => (
  <Loaded query={useViewedMe()} loading="Loading who viewed you..." failed="Couldn't load who viewed you">
    {(data) => <ViewsList {...data} />}
  </Loaded>
);
const FavoritesTab = () => (
  <Loaded query={useFavorites()} loading="Loading your favorites..." failed="Couldn't load your favorites">
    {(data) => <FavoritesList {...data} />}
  </Loaded>
);

/** /interest (issue 38): who tapped me (and the matches), who viewed me this week, my favorites. */
export function InterestPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: InterestTab = isTab(asked) ? asked : "taps";
  return (
    <main className="mx-auto grid w-full max-w-3xl flex-1 content-start gap-4 px-3 py-4 sm:px-6 sm:py-8">
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Interest</h1>
        <p className="text-sm text-muted-foreground">Taps, who viewed you this week, and your favorites.</p>
      </header>
      <Tabs value={tab} onValueChange={(value) => setParams(value === "taps" ? {} : { tab: value }, { replace: true })}>
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="taps" className="flex-1">
            Taps
          </TabsTrigger>
          <TabsTrigger value="views" className="flex-1">
            Viewed me
          </TabsTrigger>
          <TabsTrigger value="favorites" className="flex-1">
            Favorites
          </TabsTrigger>
        </TabsList>
        {/* Each tab asks for its list when it is opened (Radix mounts the open tab only). */}
        <TabsContent value="taps">
          <TapsTab />
        </TabsContent>
        <TabsContent value="views">
          <ViewsTab />
        </TabsContent>
        <TabsContent value="favorites">
          <FavoritesTab />
        </TabsContent>
      </Tabs>
    </main>
  );
}
