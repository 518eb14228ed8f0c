export { ProfileSettingsPage } from "@vicinity/features/profile";
