import { useCallback, useEffect, useRef, useState } from "react";
import { MEDIA_MAX_BYTES } from "@vicinity/contract";
import { ApiError, photoFileProblem, uploadMedia } from "@vicinity/features/shared";
import { useAddProfilePhoto } from "../api/profile-photos";
import { errorText } from "./error-text";

/** One picture on its way to the profile: sent with progress, then added, or failed. */
export type PhotoUploadState =
  | { phase: "uploading"; fileName: string; progress: number | null }
  | { phase: "adding"; fileName: string }
  | { phase: "failed"; fileName: string; message: string; canRetry: boolean };

interface Job {
  file: File;
  /** Set once the picture is stored, so a retry only adds it to the profile. */
  mediaId: string | null;
  controller: AbortController;
}

const UPLOAD_FAILED = "The upload failed. Please try again.";

/** The server's message; a 413 from something in between (a proxy) has none, but means the same. */
function uploadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 413 && !error.serverMessage) {
    return `Pictures can be at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB`;
  }
  return errorText(error, UPLOAD_FAILED);
}

/**
 * Uploads a picture (POST /api/media, with progress) and adds it to the profile (POST
 * /api/users/photos). A file the server would refuse (type, size) fails at once, without a retry.
 * Leaving the page cancels the upload.
 */
export function usePhotoUpload(onAdded?: (fileName: string) => void) {
  const addPhoto = useAddProfilePhoto();
  const [state, setState] = useState<PhotoUploadState | null>(null);
  const job = useRef<Job | null>(null);
  const onAddedRef = useRef(onAdded);
  useEffect(() => {
    onAddedRef.current = onAdded;
  });
  useEffect(() => () => job.current?.controller.abort(), []);

  const { mutateAsync } = addPhoto;
  const run = useCallback(
    async (file: File, storedId: string | null) => {
      job.current?.controller.abort();
      const current: Job = { file, mediaId: storedId, controller: new AbortController() };
      job.current = current;
      const fileName = file.name;
      try {
        let mediaId = storedId;
        if (!mediaId) {
          setState({ phase: "uploading", fileName, progress: 0 });
          const uploaded = await uploadMedia(file, {
            signal: current.controller.signal,
            onProgress: (progress) => {
              if (job.current === current) setState({ phase: "uploading", fileName, progress });
            },
          });
          mediaId = uploaded.id;
          current.mediaId = mediaId;
        }
        if (job.current !== current) return;
        setState({ phase: "adding", fileName });
        await mutateAsync(mediaId);
        if (job.current !== current) return;
        job.current = null;
        setState(null);
        onAddedRef.current?.(fileName);
      } catch (error) {
        if (current.controller.signal.aborted || job.current !== current) return;
        setState({ phase: "failed", fileName, message: uploadErrorText(error), canRetry: true });
      }
    },
    [mutateAsync],
  );

  const start = useCallback(
    (file: File) => {
      const problem = photoFileProblem(file);
      if (problem) {
        job.current?.controller.abort();
        job.current = null;
        setState({ phase: "failed", fileName: file.name, message: problem, canRetry: false });
        return;
      }
      void run(file, null);
    },
    [run],
  );

  const retry = useCallback(() => {
    const failed = job.current;
    if (failed) void run(failed.file, failed.mediaId);
  }, [run]);

  const dismiss = useCallback(() => {
    job.current?.controller.abort();
    job.current = null;
    setState(null);
  }, []);

  return { state, start, retry, dismiss, busy: state !== null && state.phase !== "failed" };
}
