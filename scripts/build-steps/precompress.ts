/** Writes a brotli and a gzip copy beside every compressible file, so the server never compresses at request time. */
import { readFileSync, writeFileSync } from "node:fs";
import { compress } from "#common/compress.ts";
import { filesUnder, isCompressible, type BuiltSite } from "./output.ts";

export { compress };

/** Build step: the last one, so every file it compresses is final. */
export async function precompress({ dir }: BuiltSite): Promise<string> {
  // Listed before writing, so the .br and .gz files written here are not compressed again.
  const files = [...filesUnder(dir)].filter(isCompressible);
  // All at once: zlib's thread pool works through them on every core.
  await Promise.all(
    files.map(async (file) => {
      const { br, gz } = await compress(readFileSync(file));
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
    }),
  );
  return `${files.length} files as .br and .gz`;
}
