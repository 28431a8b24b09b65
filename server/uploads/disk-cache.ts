/**
 * This instance's copy of the variants, DATA_DIR/uploads/<file>, filled from the database on a miss. Written to
 * a temporary name and renamed: a reader never sees half a file, nor two instances sharing the folder.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { UploadStore } from "./store.ts";

export function uploadDiskCache(dataDir: string, store: Pick<UploadStore, "variant">) {
  const folder = path.join(dataDir, "uploads");
  const fileOf = (variantPath: string) => path.join(folder, path.basename(variantPath));

  const write = async (variantPath: string, body: Buffer) => {
    await mkdir(folder, { recursive: true });
    const temporary = path.join(folder, `.${path.basename(variantPath)}.${randomBytes(6).toString("hex")}.tmp`);
    try {
      await writeFile(temporary, body);
      await rename(temporary, fileOf(variantPath));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    /** Writes an upload's variants (after the database has them). */
    async writeAll(variants: readonly { path: string; body: Buffer }[]) {
      for (const { path: variantPath, body } of variants) await write(variantPath, body);
    },

    /** A variant's bytes: from the disk, else from the database (and then kept on the disk); undefined: none. */
    async read(variantPath: string): Promise<Buffer | undefined> {
      try {
        return await readFile(fileOf(variantPath));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
      const body = await store.variant(variantPath);
      // A full or read-only disk still serves the image, from the database.
      if (body) await write(variantPath, body).catch(() => {});
      return body;
    },
  };
}

export type UploadDiskCache = ReturnType<typeof uploadDiskCache>;
