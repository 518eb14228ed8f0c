import { useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, type ChangePasswordRequest, type DeleteAccountRequest } from "@vicinity/contract";
import { apiRequest, throwIfNotOk, currentUserQueryKey } from "@vicinity/features/shared";
import { exportFileName } from "../model/export-file";

/** PUT /api/users/password: other devices are signed out; this one stays. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiRequest("PUT", API_PATHS.password, request);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: false });
}

export interface ExportedData {
  blob: Blob;
  filename: string;
}

/** GET /api/users/export: his data as a JSON attachment. */
export async function exportMyData(): Promise<ExportedData> {
  const response = await fetch(API_PATHS.exportData, {
    credentials: "include",
    headers: { Accept: "application/json" },
  });
  await throwIfNotOk(response);
  return { blob: await response.blob(), filename: exportFileName(response.headers.get("Content-Disposition")) };
}

export function useExportMyData() {
  return useMutation({ mutationFn: exportMyData, retry: false });
}

/**
 * DELETE /api/users/account {password}. Once gone, like logout (session feature's useLogout):
 * every cached answer is dropped and the current user becomes nobody, then `onDone` (go to "/").
 */
export async function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  await apiRequest("DELETE", API_PATHS.account, request);
}

export function useDeleteAccount(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    retry: false,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0] });
      queryClient.setQueryData(currentUserQueryKey, null);
      onDone();
    },
  });
}
