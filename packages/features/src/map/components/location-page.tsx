import { useId, useMemo, useState } from "react";
import { LocateFixed, MapPin } from "lucide-react";
import { MAP_VISIBILITIES, MAP_VISIBILITY_LABELS, type MapVisibility, type OwnLocation } from "@vicinity/contract";
import { Alert, Button, Card, cn, EmptyState, Spinner, toast } from "@vicinity/ui";
import { useMapConfig } from "@vicinity/features/shared";
import { useOwnLocation, useSaveOwnLocation, useSetMapVisibility, useStopSharingLocation } from "../api/own-location";
import { LocationError, locateOnce } from "../model/own-position";
import { privacyCellAround } from "../model/view";
import { MemberMap } from "./member-map";

export const SAVE_LOCATION_FAILED = "Failed to save location. Please try again.";
const NO_MEMBERS: never[] = [];

export interface LocationPageProps {
  /** The device's geolocation (stories put a stand-in here; null: the browser has none). */
  geolocation?: Geolocation | null;
  /** Map animations (off in stories). */
  animate?: boolean;
}

/** "Last updated 12 minutes ago", in the reader's words. */
export function formatUpdatedAt(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(seconds, "second");
  if (abs < 3600) return format.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), "hour");
  return format.format(Math.round(seconds / 86_400), "day");
}

/**
 * /location: where the app thinks he is (his exact position, shown to him alone, and the 500 m
 * cell others see him in), sharing on and off, "Update now", and how he appears on the map.
 */
export function LocationPage({ geolocation, animate = true }: LocationPageProps) {
  const own = useOwnLocation();
  const config = useMapConfig();
  const save = useSaveOwnLocation();
  const stop = useStopSharingLocation();
  const visibility = useSetMapVisibility();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function shareNow() {
    setError(null);
    setLocating(true);
    try {
      const position = await locateOnce(geolocation === undefined ? undefined : (geolocation ?? null));
      await save.mutateAsync(position);
    } catch (failure) {
      if (failure instanceof LocationError && failure.reason === "denied") {
        toast({ title: "Location Access Denied", description: "You can enable location later in settings." });
      } else if (failure instanceof LocationError && failure.reason === "unsupported") {
        toast({ title: "Location Not Supported", description: "Your browser doesn't support location services." });
      } else {
        setError(SAVE_LOCATION_FAILED);
      }
    } finally {
      setLocating(false);
    }
  }

  function stopSharing() {
    setError(null);
    stop.mutate(undefined, { onError: () => setError(SAVE_LOCATION_FAILED) });
  }

  function choose(next: MapVisibility) {
    setError(null);
    visibility.mutate(next, { onError: () => setError("Failed to save your map visibility. Please try again.") });
  }

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 p-4 sm:p-6">
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold">Your location</h1>
        <p className="text-sm text-muted-foreground">
          Only you see your exact position. Others see a point of the 500 m square you are in, never where you are.
        </p>
      </header>
      {own.status === "pending" ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner size="sm" className="text-accent" />
          Loading your location…
        </p>
      ) : own.status === "error" ? (
        <EmptyState
          title="Something went wrong"
          description={<span role="alert">Your location could not be loaded.</span>}
          action={<Button onClick={() => void own.refetch()}>Try again</Button>}
        />
      ) : (
        <>
          <PositionCard
            own={own.data}
            config={config.data ?? null}
            animate={animate}
            busy={locating || save.isPending || stop.isPending}
            onShare={() => void shareNow()}
            onStop={stopSharing}
          />
          {error ? <Alert>{error}</Alert> : null}
          <VisibilityCard
            value={own.data.visibility}
            saving={visibility.isPending ? visibility.variables : null}
            onChange={choose}
          />
        </>
      )}
    </div>
  );
}

function PositionCard({
  own,
  config,
  animate,
  busy,
  onShare,
  onStop,
}: {
  own: OwnLocation;
  config: Parameters<typeof MemberMap>[0]["config"];
  animate: boolean;
  busy: boolean;
  onShare: () => void;
  onStop: () => void;
}) {
  const position = own.sharing ? own.position : null;
  const cell = useMemo(() => (position ? privacyCellAround(position) : null), [position]);
  return (
    <Card className="grid gap-4 p-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-display text-lg font-semibold">Location sharing</h2>
          <p className="text-sm text-muted-foreground">
            {own.sharing
              ? "On: members near you can find you."
              : "Off: you are not on the map and nearby members don't see your distance."}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={own.sharing}
          aria-label="Share my location"
          disabled={busy}
          onClick={own.sharing ? onStop : onShare}
          className={cn(
            "relative inline-flex h-7 w-12 shrink-0 items-center rounded-pill border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50",
            own.sharing ? "border-accent bg-accent" : "bg-muted",
          )}
        >
          <span
            className={cn(
              "block size-5 rounded-full bg-foreground shadow transition-transform",
              own.sharing ? "translate-x-6" : "translate-x-1",
            )}
          />
        </button>
      </div>
      {position && cell ? (
        <>
          <div className="h-56 overflow-hidden rounded-lg border" data-testid="own-location-map">
            <MemberMap
              label="Your position on the map"
              initialCenter={position}
              initialZoom={14}
              config={config}
              members={NO_MEMBERS}
              crowds={NO_MEMBERS}
              own={position}
              outline={cell}
              animate={animate}
              focus={{ ...position, seq: position.latitude + position.longitude }}
            />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Your position</dt>
            <dd className="font-mono">
              {position.latitude.toFixed(5)}, {position.longitude.toFixed(5)}
            </dd>
            <dt className="text-muted-foreground">Last updated</dt>
            <dd>
              <time dateTime={position.updatedAt} title={new Date(position.updatedAt).toUTCString()}>
                {formatUpdatedAt(position.updatedAt)}
              </time>
            </dd>
          </dl>
          <p className="flex items-start gap-2 text-xs text-muted-foreground">
            <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            The orange square is the area others see you in.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          {own.sharing
            ? "Your position is not known yet."
            : "Your position is not stored. Turn sharing on to appear on the map."}
        </p>
      )}
      <div>
        <Button onClick={onShare} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="sm" /> : <LocateFixed aria-hidden />}
          {own.sharing ? "Update now" : "Share my location"}
        </Button>
      </div>
    </Card>
  );
}

function VisibilityCard({
  value,
  saving,
  onChange,
}: {
  value: MapVisibility;
  saving: MapVisibility | null | undefined;
  onChange: (v: MapVisibility) => void;
}) {
  const name = useId();
  const current = saving ?? value;
  return (
    <Card className="grid gap-3 p-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-display text-lg font-semibold">On the map</legend>
        {MAP_VISIBILITIES.map((option) => (
          <label
            key={option}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              current === option && "border-accent bg-accent/10",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={current === option}
              onChange={() => onChange(option)}
              className="mt-1 size-4 accent-[var(--accent)]"
            />
            <span className="grid gap-0.5">
              <span className="font-semibold">{MAP_VISIBILITY_LABELS[option].title}</span>
              <span className="text-sm text-muted-foreground">{MAP_VISIBILITY_LABELS[option].description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Card>
  );
}
