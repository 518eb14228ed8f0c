export { updateProfile, useUpdateProfile } from "./api/update-profile";
export { updateLocation, useShareLocation, useUpdateLocation } from "./api/update-location";
export {
  addProfilePhoto,
  deleteProfilePhoto,
  getProfilePhotos,
  profilePhotosQueryKey,
  profilePhotosQueryOptions,
  reorderProfilePhotos,
  useAddProfilePhoto,
  useDeleteProfilePhoto,
  useProfilePhotos,
  useReorderProfilePhotos,
} from "./api/profile-photos";
export { uploadMedia, UploadNetworkError, type UploadMediaOptions } from "./api/upload-media";
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
export { PHOTO_ACCEPT, PHOTO_ACCEPTED_TYPES, photoFileProblem } from "./model/photo-file";
export { formatRightNowRemaining, rightNowMinutesLeft } from "./model/right-now";
export { usePhotoUpload, type PhotoUploadState } from "./model/use-photo-upload";
export { ProfileSettingsPage, type ProfileSettingsPageProps } from "./components/profile-settings-page";
