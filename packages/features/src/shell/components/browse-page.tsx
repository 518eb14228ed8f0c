import { useAuth, useDeviceClass, type MemberLocation } from "@vicinity/features/shared";
import { DiscoveryPanel } from "@vicinity/features/discovery";

/** /browse (spec section 2): the nearby grid; visitors and guests browse in limited mode (decisions.md 1). */
export function BrowsePage({ location }: { location?: MemberLocation | null }) {
  const auth = useAuth();
  const device = useDeviceClass();
  const limited = auth.status !== "member";
  return (
    <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 sm:px-6">
      <h1 className={device === "mobile" ? "sr-only" : "mb-6 font-display text-3xl font-bold"}>Browse nearby</h1>
      <DiscoveryPanel location={location} limited={limited} />
    </main>
  );
}
