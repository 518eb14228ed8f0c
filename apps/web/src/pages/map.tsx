import { DeviceSwitch } from "@vicinity/features/shell";
import { LiveMapPage } from "@vicinity/features/map";

/** /map: the live map; the map fills a phone's screen, a side list beside it otherwise. */
export function MapPage() {
  return <DeviceSwitch mobile={<LiveMapPage layout="mobile" />} desktop={<LiveMapPage layout="desktop" />} />;
}
