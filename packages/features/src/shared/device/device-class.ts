import { createContext, useContext, useSyncExternalStore } from "react";

export type DeviceClass = "mobile" | "tablet" | "desktop";

/** Spec section 2 and 9: breakpoints 768 and 1024. */
export const MOBILE_MAX_WIDTH = 768;
export const TABLET_MAX_WIDTH = 1024;

const TABLET_AGENT = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i;
const MOBILE_AGENT = /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|Opera Mini|webOS/i;

/** Mobile: a mobile agent, or width up to 768 with touch. Tablet: a tablet agent, or 769-1024 with touch. Otherwise desktop. */
export function detectDeviceClass(env: { userAgent: string; width: number; touch: boolean }): DeviceClass {
  if (TABLET_AGENT.test(env.userAgent)) return "tablet";
  if (MOBILE_AGENT.test(env.userAgent)) return "mobile";
  if (env.touch && env.width <= MOBILE_MAX_WIDTH) return "mobile";
  if (env.touch && env.width <= TABLET_MAX_WIDTH) return "tablet";
  return "desktop";
}

function currentDeviceClass(): DeviceClass {
  return detectDeviceClass({
    userAgent: navigator.userAgent,
    width: window.innerWidth,
    touch: navigator.maxTouchPoints > 0 || "ontouchstart" in window,
  });
}

function subscribe(listener: () => void) {
  window.addEventListener("resize", listener);
  return () => window.removeEventListener("resize", listener);
}

/** Stories and tests may fix the device class; the app leaves it to the browser. */
export const DeviceClassContext = createContext<DeviceClass | null>(null);

export function useDeviceClass(): DeviceClass {
  const forced = useContext(DeviceClassContext);
  const detected = useSyncExternalStore(subscribe, currentDeviceClass, () => "desktop" as const);
  return forced ?? detected;
}
