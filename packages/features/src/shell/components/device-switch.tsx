import type { ReactNode } from "react";
import { useDeviceClass } from "@vicinity/features/shared";

/** The spec's switch: the mobile view on mobile, the richer view otherwise (/browse, /messages, /events). */
export function DeviceSwitch({ mobile, desktop }: { mobile: ReactNode; desktop: ReactNode }) {
  return <>{useDeviceClass() === "mobile" ? mobile : desktop}</>;
}
