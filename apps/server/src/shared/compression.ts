import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A page's body compressed once, at the strongest settings, for sending as it is. */
export interface CompressedBodies {
  gzip: Buffer;
  br: Buffer;
}

/** Brotli (quality 11) and gzip (level 9) of `body`, on libuv's thread pool. */
export async function compressBodies(body: Buffer): Promise<CompressedBodies> {
  const [gz, br] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  return { gzip: gz, br };
}

/** The encoding to answer with for an Accept-Encoding header: brotli, else gzip, else none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}
