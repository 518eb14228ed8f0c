import { randomBytes } from "node:crypto";
import { access, mkdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where pictures are kept: every node of a deployment must see the same ones.
 * Today a directory (DirectoryMediaStore: one disk, or a shared mount for several nodes); an
 * object store (S3 and the like) implements the same four calls.
 */
export interface MediaStore {
  saveOriginal(id: string, data: Buffer): Promise<void>;
  readOriginal(id: string): Promise<Buffer>;
  /**
   * The variant kept, or made by `render` once and kept (concurrent requests share one rendering).
   * A picture's variant is kept only while its original is there; `standalone` files that have no
   * original (the map's tiles, under the id "map-tiles") are kept as they are.
   */
  variant(
    id: string,
    key: string,
    render: () => Promise<Buffer>,
    options?: { standalone?: boolean },
  ): Promise<{ data: Buffer; cached: boolean }>;
  /** The original and every variant of a picture. */
  remove(id: string): Promise<void>;
}

/**
 * Pictures on disk under MEDIA_DIR, by server-made names only (the upload's name is never used):
 *   originals/ab/<id>.webp        the re-encoded original
 *   variants/<id>/<key>.<format>  resized variants, made once on first request
 * Writes go to a temporary name and are renamed into place, so a reader never sees half a file.
 */
export class DirectoryMediaStore implements MediaStore {
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(readonly dir: string) {}

  originalPath(id: string): string {
    return path.join(this.dir, "originals", id.slice(0, 2), `${id}.webp`);
  }

  variantPath(id: string, key: string): string {
    return path.join(this.dir, "variants", id, key);
  }

  async saveOriginal(id: string, data: Buffer): Promise<void> {
    await writeAtomically(this.originalPath(id), data);
  }

  readOriginal(id: string): Promise<Buffer> {
    return readFile(this.originalPath(id));
  }

  /** The variant from disk, or made by `render` once (concurrent requests share one rendering). */
  async variant(
    id: string,
    key: string,
    render: () => Promise<Buffer>,
    { standalone = false }: { standalone?: boolean } = {},
  ): Promise<{ data: Buffer; cached: boolean }> {
    const file = this.variantPath(id, key);
    try {
      return { data: await readFile(file), cached: true };
    } catch {
      // Not made yet.
    }
    const flightKey = `${id}/${key}`;
    let pending = this.inFlight.get(flightKey);
    if (!pending) {
      pending = render()
        .then(async (data) => {
          // A picture removed while its variant was being made (an account deleted just after an
          // upload, its sizes still made in the background) gets no file back: the variant is
          // kept only while its original is there.
          await writeAtomically(file, data, standalone ? undefined : () => exists(this.originalPath(id)));
          return data;
        })
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
    }
    return { data: await pending, cached: false };
  }

  /**
   * The original first (no variant is kept without it, see `variant`), then the variants. A variant
   * being written meanwhile can add a file while the directory goes: the removal tries again.
   */
  async remove(id: string): Promise<void> {
    await rm(this.originalPath(id), { force: true });
    await rm(path.join(this.dir, "variants", id), { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Writes to a temporary name, then renames into place if `keep` (when given) still says so. */
async function writeAtomically(file: string, data: Buffer, keep?: () => Promise<boolean>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, data);
  if (keep && !(await keep())) {
    await rm(temp, { force: true });
    // The directory this write made (if it did) goes too, when nothing else is in it.
    await rmdir(path.dirname(file)).catch(() => undefined);
    return;
  }
  await rename(temp, file);
}
