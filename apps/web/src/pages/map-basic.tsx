import { DeviceSwitch } from "@vicinity/features/shell";
import { LiveMapPage } from "@vicinity/features/map";

/** /map-basic: the same members without live updates, refreshed every 30 s, a list under the map (slow phones). */
export function MapBasicPage() {
  return (
    <DeviceSwitch
      mobile={<LiveMapPage layout="mobile" variant="basic" />}
      desktop={<LiveMapPage layout="desktop" variant="basic" />}
    />
  );
}
