// The toaster's own chunk (Radix Toast), mounted once the first page is idle (src/main.tsx): toasts
// raised before are kept by the toast store and shown when it mounts.
export { Toaster } from "@vicinity/ui";
