import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, profilePhotoSchema, type ProfilePhoto } from "@vicinity/contract";
import { apiRequest, currentUserQueryKey } from "@vicinity/features/shared";
import * as z from "zod/mini";
import { profileKeys } from "./keys";

const photoListSchema = z.array(profilePhotoSchema);

/** GET /api/users/photos: his pictures, the main one first. */
export async function getProfilePhotos(): Promise<ProfilePhoto[]> {
  const response = await apiRequest("GET", API_PATHS.photos);
  return photoListSchema.parse(await response.json());
}

export const profilePhotosQueryOptions = queryOptions({ queryKey: profileKeys.photos(), queryFn: getProfilePhotos });

export function useProfilePhotos() {
  return useQuery(profilePhotosQueryOptions);
}

/** POST /api/users/photos {mediaId}: puts an uploaded picture on the profile; answers the list. */
export async function addProfilePhoto(mediaId: string): Promise<ProfilePhoto[]> {
  const response = await apiRequest("POST", API_PATHS.photos, { mediaId });
  return photoListSchema.parse(await response.json());
}

/** PUT /api/users/photos/order {ids}: every id, the main one first; answers the list. */
export async function reorderProfilePhotos(ids: string[]): Promise<ProfilePhoto[]> {
  const response = await apiRequest("PUT", API_PATHS.photosOrder, { ids });
  return photoListSchema.parse(await response.json());
}

/** DELETE /api/users/photos/:id: answers the list. */
export async function deleteProfilePhoto(id: string): Promise<ProfilePhoto[]> {
  const response = await apiRequest("DELETE", API_PATHS.photo(id));
  return photoListSchema.parse(await response.json());
}

/**
 * Every picture call answers the new list: it replaces the cached one. The main picture is the
 * member's profileImageUrl, so the current user is fetched again too.
 */
function usePhotoListMutation<V>(mutationFn: (variables: V) => Promise<ProfilePhoto[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: (photos) => {
      queryClient.setQueryData(profileKeys.photos(), photos);
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

export const useAddProfilePhoto = () => usePhotoListMutation(addProfilePhoto);
export const useReorderProfilePhotos = () => usePhotoListMutation(reorderProfilePhotos);
export const useDeleteProfilePhoto = () => usePhotoListMutation(deleteProfilePhoto);
