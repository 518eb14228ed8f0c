import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  ALBUM_PATHS,
  API_PATHS,
  albumSharesSchema,
  memberAlbumsSchema,
  myAlbumSchema,
  myAlbumsSchema,
  type AlbumShare,
  type MemberAlbums,
  type MyAlbum,
} from "@vicinity/contract";
import { apiRequest, uploadMedia } from "@vicinity/features/shared";

/** Private albums (decisions/0046): his own, who sees each, and what a member and I share with each other. */
export const albumKeys = {
  all: () => ["albums"] as const,
  mine: () => ["albums", "mine"] as const,
  shares: (albumId: string) => ["albums", "shares", albumId] as const,
  /** Between me and him: his albums shared with me, mine shared with him. */
  withMember: (memberId: string) => ["albums", "member", memberId] as const,
};

const read = async <T>(path: string, schema: { parse(value: unknown): T }): Promise<T> =>
  schema.parse(await (await apiRequest("GET", path)).json());

/** GET /api/albums: his albums, oldest first. */
export function useMyAlbums(enabled = true) {
  return useQuery({
    queryKey: albumKeys.mine(),
    queryFn: async (): Promise<MyAlbum[]> => (await read(ALBUM_PATHS.albums, myAlbumsSchema)).albums,
    enabled,
  });
}

/** GET /api/albums/:id/shares: who sees it, the most recent share first. */
export function useAlbumShares(albumId: string) {
  return useQuery({
    queryKey: albumKeys.shares(albumId),
    queryFn: async (): Promise<AlbumShare[]> => (await read(ALBUM_PATHS.shares(albumId), albumSharesSchema)).shares,
  });
}

/** GET /api/users/:id/albums: his albums shared with me, and which of mine I share with him. */
export function useMemberAlbums(memberId: string, enabled = true) {
  return useQuery({
    queryKey: albumKeys.withMember(memberId),
    queryFn: (): Promise<MemberAlbums> => read(ALBUM_PATHS.withMember(memberId), memberAlbumsSchema),
    enabled: enabled && memberId !== "",
  });
}

const refreshMine = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: albumKeys.mine() });

/** POST /api/albums { name }: the new album (201), put in his list, which is refetched. */
export function useCreateAlbum() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string): Promise<MyAlbum> =>
      myAlbumSchema.parse(await (await apiRequest("POST", ALBUM_PATHS.albums, { name })).json()),
    retry: false,
    onSuccess: async (album) => {
      queryClient.setQueryData<MyAlbum[]>(albumKeys.mine(), (list) => list && [...list, album]);
      await refreshMine(queryClient);
    },
  });
}

/** PATCH /api/albums/:id { name } */
export function useRenameAlbum(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      await apiRequest("PATCH", ALBUM_PATHS.album(albumId), { name });
      return name;
    },
    retry: false,
    onSuccess: async (name) => {
      queryClient.setQueryData<MyAlbum[]>(albumKeys.mine(), (list) =>
        list?.map((a) => (a.id === albumId ? { ...a, name } : a)),
      );
      await refreshMine(queryClient);
    },
  });
}

/** DELETE /api/albums/:id: the album and its pictures are gone (and from everyone it was shared with). */
export function useDeleteAlbum(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", ALBUM_PATHS.album(albumId)),
    retry: false,
    onSuccess: async () => {
      queryClient.setQueryData<MyAlbum[]>(albumKeys.mine(), (list) => list?.filter((a) => a.id !== albumId));
      queryClient.removeQueries({ queryKey: albumKeys.shares(albumId) });
      await refreshMine(queryClient);
    },
  });
}

export interface AddAlbumPictureVariables {
  file: File;
  onProgress?: (percent: number | null) => void;
  signal?: AbortSignal;
}

/** Uploads a picture as a private one (`?kind=album`), then puts it in the album. */
export function useAddAlbumPicture(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress, signal }: AddAlbumPictureVariables) => {
      const media = await uploadMedia(file, { onProgress, signal, kind: "album" });
      await apiRequest("POST", ALBUM_PATHS.pictures(albumId), { mediaId: media.id });
      return media;
    },
    retry: false,
    onSuccess: () => refreshMine(queryClient),
  });
}

/** DELETE /api/albums/:id/pictures/:mediaId: the picture is taken out and deleted. */
export function useRemoveAlbumPicture(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mediaId: string) => {
      await apiRequest("DELETE", ALBUM_PATHS.picture(albumId, mediaId));
      return mediaId;
    },
    retry: false,
    onSuccess: async (mediaId) => {
      queryClient.setQueryData<MyAlbum[]>(albumKeys.mine(), (list) =>
        list?.map((a) => (a.id === albumId ? { ...a, pictures: a.pictures.filter((p) => p.id !== mediaId) } : a)),
      );
      await refreshMine(queryClient);
    },
  });
}

/** After a share or an unshare: what I share with him, the album's shares and its count. */
async function afterShareChange(queryClient: QueryClient, albumId: string, memberId: string, shared: boolean) {
  queryClient.setQueryData<MemberAlbums>(albumKeys.withMember(memberId), (was) =>
    was
      ? {
          ...was,
          sharedByMe: shared
            ? [...was.sharedByMe.filter((id) => id !== albumId), albumId]
            : was.sharedByMe.filter((id) => id !== albumId),
        }
      : was,
  );
  if (!shared)
    queryClient.setQueryData<AlbumShare[]>(albumKeys.shares(albumId), (list) =>
      list?.filter((s) => s.memberId !== memberId),
    );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: albumKeys.shares(albumId) }),
    queryClient.invalidateQueries({ queryKey: albumKeys.withMember(memberId) }),
    refreshMine(queryClient),
  ]);
}

/** PUT /api/albums/:id/shares/:memberId: he sees the album (and is told). */
export function useShareAlbum(albumId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("PUT", ALBUM_PATHS.share(albumId, memberId)),
    retry: false,
    onSuccess: () => afterShareChange(queryClient, albumId, memberId, true),
  });
}

/** DELETE /api/albums/:id/shares/:memberId: he no longer sees it. */
export function useUnshareAlbum(albumId: string, memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("DELETE", ALBUM_PATHS.share(albumId, memberId)),
    retry: false,
    onSuccess: () => afterShareChange(queryClient, albumId, memberId, false),
  });
}

/**
 * What he shares with me changed (albumsChanged, an album_shared notification): a screen that shows it asks again;
 * an answer no screen shows is dropped, so that an unshared album is not shown from the cache later.
 */
export async function refreshMemberAlbums(queryClient: QueryClient, memberId: string): Promise<void> {
  const queryKey = albumKeys.withMember(memberId);
  queryClient.removeQueries({ queryKey, type: "inactive" });
  await queryClient.invalidateQueries({ queryKey, refetchType: "active" });
}

/**
 * POST /api/users/:id/report about one picture of his album (decisions/0046): the moderators get it with the picture,
 * which is kept for them even if he takes it out.
 */
export function useReportAlbumPicture(memberId: string, mediaId: string) {
  return useMutation({
    mutationFn: async (report: { reason: string; details: string }) => {
      await apiRequest("POST", API_PATHS.report(memberId), { ...report, mediaId });
    },
    retry: false,
  });
}
