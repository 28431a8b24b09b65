/**
 * The brotli and gzip copies the server sends: written beside each file by the build
 * (scripts/build-steps/precompress.ts), made the same way by the server when it re-renders a page
 * after a publish (server/content/). Node only.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Below this size a compressed copy saves less than its own request overhead. */
export const minCompressedBytes = 256;

/** Whether a file of this name and size ships with brotli and gzip copies beside it. */
export const isCompressibleFile = (name: string, size: number) =>
  /\.(html|js|mjs|css|json|webmanifest|data|svg|xml|txt)$/.test(name) && size >= minCompressedBytes;

export function compress(body: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gz: gzipSync(body, { level: 9 }),
  };
}
