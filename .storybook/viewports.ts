/**
 * The spec's device classes (section 2) as Storybook viewports. The visual suite captures each
 * story at the classes its tags name (`mobile`, `tablet`, `desktop`; desktop when none).
 */
export const DEVICE_VIEWPORTS = {
  mobile: { name: "Mobile (390x844, touch)", styles: { width: "390px", height: "844px" }, type: "mobile" },
  tablet: { name: "Tablet (820x1180, touch)", styles: { width: "820px", height: "1180px" }, type: "tablet" },
  desktop: { name: "Desktop (1280x800)", styles: { width: "1280px", height: "800px" }, type: "desktop" },
} as const;

export type DeviceClassName = keyof typeof DEVICE_VIEWPORTS;
