import type { MEDIA_KINDS } from "@vicinity/contract";
import { API_PATHS, uploadedMediaSchema, type UploadedMedia } from "@vicinity/contract";
import { ApiError } from "../../http/api-request";

export interface UploadMediaOptions {
  /** 0-100 while the bytes go up; null when the browser cannot tell the total. */
  onProgress?: (percent: number | null) => void;
  signal?: AbortSignal;
  /** What the picture is for: a profile photo (default) or a message picture (seen by the conversation only). */
  kind?: (typeof MEDIA_KINDS)[number];
}

/** The upload could not reach the server (offline, dropped connection). */
export class UploadNetworkError extends Error {
  constructor() {
    super("The upload did not reach the server. Check your connection and try again.");
    this.name = "UploadNetworkError";
  }
}

/**
 * POST /api/media as multipart/form-data with the picture in the field `file` (answers 201 with
 * the stored picture). XMLHttpRequest rather than fetch: only it reports upload progress.
 * A non-2xx answer rejects with an ApiError, as apiRequest does, so `serverMessage` works.
 */
export function uploadMedia(file: Blob, { onProgress, signal, kind }: UploadMediaOptions = {}): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", kind && kind !== "photo" ? `${API_PATHS.media}?kind=${kind}` : API_PATHS.media);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.setRequestHeader("Accept", "application/json");

    xhr.upload.onprogress = (event) => {
      onProgress?.(event.lengthComputable && event.total > 0 ? Math.round((event.loaded / event.total) * 100) : null);
    };
    xhr.onload = () => {
      signal?.removeEventListener("abort", abort);
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, text, `${xhr.status}: ${text || xhr.statusText}`));
        return;
      }
      try {
        resolve(uploadedMediaSchema.parse(JSON.parse(text)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error("The server's answer was not understood"));
      }
    };
    xhr.onerror = () => {
      signal?.removeEventListener("abort", abort);
      reject(new UploadNetworkError());
    };
    xhr.onabort = () => {
      signal?.removeEventListener("abort", abort);
      reject(signal?.reason ?? new DOMException("The upload was cancelled", "AbortError"));
    };
    function abort() {
      xhr.abort();
    }
    signal?.addEventListener("abort", abort, { once: true });

    const body = new FormData();
    body.append("file", file, file instanceof File ? file.name : "picture");
    onProgress?.(0);
    xhr.send(body);
  });
}
