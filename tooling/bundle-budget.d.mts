export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Budget {
  name: string;
  /** The HTML page whose entry the page starts from: "index.html" (the app, the default) or "landing.html". */
  page?: string;
  /** Source modules (from the repository's root) whose lazy chunks the page needs besides the entry. */
  lazy: string[];
  /** Shared chunks the page needs besides the entry, by name (a group of the build's own, such as "home"). */
  chunks?: string[];
  limitKb: number;
}

export interface BudgetResult {
  name: string;
  files: string[];
  bytes: number;
  limitBytes: number;
  within: boolean;
}

export function entryKey(manifest: Manifest, page?: string): string;
export function chunkKeyOf(manifest: Manifest, source: string): string;
export function namedChunkKey(manifest: Manifest, name: string): string;
export function staticFiles(manifest: Manifest, keys: string[]): string[];
export function gzipSize(bytes: Uint8Array): number;
export function weighBudgets(manifest: Manifest, budgets: Budget[], sizeOf: (file: string) => number): BudgetResult[];
