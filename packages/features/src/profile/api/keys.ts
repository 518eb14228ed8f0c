/** The profile settings' query keys. */
export const profileKeys = {
  photos: () => ["users", "photos"] as const,
  devices: () => ["account", "sessions"] as const,
};
