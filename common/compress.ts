/**
 * The brotli and gzip copies the server sends: written beside each file by the build
 * (scripts/build-steps/precompress.ts), made the same way by the server when it re-renders a page
 * after a publish (server/content/). Node only.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size a compressed copy saves less than its own request overhead. */
export const minCompressedBytes = 256;

/** Whether a file of this name and size ships with brotli and gzip copies beside it. */
export const isCompressibleFile = (name: string, size: number) =>
  /\.(html|js|mjs|css|json|webmanifest|data|svg|xml|txt)$/.test(name) && size >= minCompressedBytes;

/**
 * Brotli at its best quality costs tens to hundreds of milliseconds a page: on zlib's thread pool,
 * so a server re-rendering every page after a publish keeps answering meanwhile.
 */
export async function compress(body: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gz };
}

/** The compressed copies a file of this name is served with, if any. */
export const copiesOf = async (name: string, body: Buffer) =>
  isCompressibleFile(name, body.length) ? await compress(body) : undefined;
