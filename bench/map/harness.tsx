/**
 * The bench's page: the map's own component (MemberMap: supercluster, the marker layer, Leaflet)
 * with members handed to it as the area answer would be. No tiles (nothing leaves the page).
 * bench/map/run.ts drives it through window.__bench.
 */
import { useEffect, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import type L from "leaflet";
import type { MapMember } from "@vicinity/contract";
import { MemberMap } from "@vicinity/features/map";
import "@vicinity/ui/styles.css";
import { mapMembersFixture } from "../../mocks/fixtures/map";

const CENTER = { latitude: 30.3322, longitude: -81.6557 };

interface Bench {
  map: L.Map | null;
  /** Hands `count` members to the map; resolves with ms from then to the first markers painted. */
  load(count: number, seed: number): Promise<number>;
  markers(): number;
  /** The map is made and load() is in place (a child's effects run before its parent's). */
  ready: boolean;
}

const bench: Bench = { map: null, load: () => Promise.reject(new Error("not ready")), markers: () => 0, ready: false };
(window as unknown as { __bench: Bench }).__bench = bench;

function Harness() {
  const [members, setMembers] = useState<readonly MapMember[]>([]);
  const waiting = useRef<{ since: number; done: (ms: number) => void } | null>(null);
  useEffect(() => {
    bench.load = (count, seed) =>
      new Promise((resolve) => {
        // A spread that keeps all of them in the 1280 x 800 view at zoom 12.
        const data = mapMembersFixture(count, { seed, spreadKm: 9, center: CENTER });
        waiting.current = { since: performance.now(), done: resolve };
        setMembers(data);
      });
    bench.markers = () =>
      Number(document.querySelector<HTMLElement>("[data-testid=map-markers]")?.dataset.markers ?? 0);
    bench.ready = true;
  }, []);
  return (
    <MemberMap
      initialCenter={CENTER}
      initialZoom={12}
      config={null}
      members={members}
      crowds={[]}
      own={CENTER}
      onReady={(map) => {
        bench.map = map;
      }}
      onDrawn={(count) => {
        if (!waiting.current || count === 0) return;
        const { since, done } = waiting.current;
        waiting.current = null;
        // Drawn into the DOM; the figure is taken once the frame holding them is painted.
        requestAnimationFrame(() => setTimeout(() => done(performance.now() - since), 0));
      }}
    />
  );
}

createRoot(document.getElementById("root")!).render(<Harness />);
