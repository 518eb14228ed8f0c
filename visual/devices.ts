/** The spec's device classes as browser contexts for the visual suite (fixed scale factor 1). */
export const VISUAL_DEVICES = {
  mobile: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  },
  tablet: {
    viewport: { width: 820, height: 1180 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
    userAgent:
      "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  },
  desktop: {
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
  },
} as const;

export type VisualDevice = keyof typeof VISUAL_DEVICES;
export const DEVICE_NAMES = Object.keys(VISUAL_DEVICES) as VisualDevice[];

/** A story's device classes come from its tags; a story that names none is captured on desktop. */
export function devicesOf(tags: readonly string[]): VisualDevice[] {
  const named = DEVICE_NAMES.filter((d) => tags.includes(d));
  return named.length > 0 ? named : ["desktop"];
}

/** Design-system stories are captured in both themes; screens in the default (dark) theme. */
export function themesOf(storyId: string): Array<"dark" | "light"> {
  return storyId.startsWith("ui-") ? ["dark", "light"] : ["dark"];
}

/**
 * The one device class whose visit of a story runs axe (addon-a11y): phones first, as members are.
 * Axe's findings depend on the theme (contrast) far more than on the viewport, and a visit that
 * runs it costs about a seventh more: once per story and theme is the suite's a11y check.
 */
export function a11yDeviceOf(tags: readonly string[]): VisualDevice {
  const devices = devicesOf(tags);
  return (["mobile", "desktop", "tablet"] as const).find((d) => devices.includes(d)) ?? "desktop";
}
