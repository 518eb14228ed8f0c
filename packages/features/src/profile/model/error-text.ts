import { ApiError, serverMessageOr } from "@vicinity/features/shared";

/** The server's readable `{ message }` when it sent one, else the fallback (never a raw status line). */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) && error instanceof Error && error.name === "UploadNetworkError")
    return error.message;
  return serverMessageOr(error, fallback);
}
