import { useAuth, useDeviceClass, type MemberLocation } from "@vicinity/features/shared";
import { DiscoveryPanel } from "@vicinity/features/discovery";

/** /browse (spec section 2): the nearby grid; visitors and guests browse in limited mode (decisions.md 1). */
export function BrowsePage({ location }: { location?: MemberLocation | null }) {
  const auth = useAuth();
  const device = useDeviceClass();
  const limited = auth.status !== "member";
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-2 py-3 sm:px-6 sm:py-6">
      <h1 className={device === "mobile" ? "sr-only" : "mb-6 font-display text-3xl font-bold"}>Browse nearby</h1>
      {/* Pictures first and dense: a phone's screen holds five rows of three (12 or more members). */}
      <DiscoveryPanel location={location} limited={limited} view="tiles" />
    </main>
  );
}
