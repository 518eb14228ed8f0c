import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where pictures are kept: every node of a deployment must see the same ones.
 * Today a directory (DirectoryMediaStore: one disk, or a shared mount for several nodes); an
 * object store (S3 and the like) implements the same four calls.
 */
export interface MediaStore {
  saveOriginal(id: string, data: Buffer): Promise<void>;
  readOriginal(id: string): Promise<Buffer>;
  /** The variant kept, or made by `render` once and kept (concurrent requests share one rendering). */
  variant(id: string, key: string, render: () => Promise<Buffer>): Promise<{ data: Buffer; cached: boolean }>;
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
  async variant(id: string, key: string, render: () => Promise<Buffer>): Promise<{ data: Buffer; cached: boolean }> {
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
          await writeAtomically(file, data);
          return data;
        })
        .finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
    }
    return { data: await pending, cached: false };
  }

  async remove(id: string): Promise<void> {
    await rm(this.originalPath(id), { force: true });
    await rm(path.join(this.dir, "variants", id), { recursive: true, force: true });
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}
