/** The file name when the answer does not name one. */
export const DEFAULT_EXPORT_FILENAME = "vicinity-data.json";

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''...` (RFC 5987) first, then
 * `filename="..."` or a bare `filename=...`. Path parts are dropped; nothing usable gives the default.
 */
export function exportFileName(
  contentDisposition: string | null | undefined,
  fallback = DEFAULT_EXPORT_FILENAME,
): string {
  if (!contentDisposition) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(contentDisposition);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ""));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentDisposition);
    name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base && base !== "." && base !== ".." ? base : fallback;
}

/** How a downloaded file is handed to the person: injectable, so stories and tests can watch it. */
export type SaveFile = (blob: Blob, filename: string) => void;

/** The browser's download: an object URL behind a temporary <a download>, released afterwards. */
export const saveFileInBrowser: SaveFile = (blob, filename) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
