export {
  addProfilePhoto,
  deleteProfilePhoto,
  getProfilePhotos,
  profilePhotosQueryOptions,
  reorderProfilePhotos,
  useAddProfilePhoto,
  useDeleteProfilePhoto,
  useProfilePhotos,
  useReorderProfilePhotos,
} from "./api/profile-photos";
export { endRightNow, startRightNow, useEndRightNow, useStartRightNow } from "./api/right-now";
export {
  changePassword,
  deleteAccount,
  exportMyData,
  useChangePassword,
  useDeleteAccount,
  useExportMyData,
  type ExportedData,
} from "./api/account";
export { DEFAULT_EXPORT_FILENAME, exportFileName, saveFileInBrowser, type SaveFile } from "./model/export-file";
export { formatRightNowRemaining, rightNowMinutesLeft } from "./model/right-now";
export { usePhotoUpload, type PhotoUploadState } from "./model/use-photo-upload";
export { ProfileSettingsPage, type ProfileSettingsPageProps } from "./components/profile-settings-page";
export { VerifyEmailBanner, VERIFY_NOTICE } from "./components/verify-email-banner";
export { EmailSection } from "./components/email-section";
export { DevicesSection, DeviceRow, lastActiveText } from "./components/devices-section";
export { useDeviceSessions, useEndSessions } from "./api/email-and-devices";
export { profileKeys } from "./api/keys";
