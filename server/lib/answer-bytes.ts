import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, brotliDecompressSync, constants, gzip, gzipSync } from 'node:zlib';

/**
 * Brotli quality for answers compressed once and sent many times (the public-read cache, the kept match pages):
 * 4 is many times faster than 11 and still about gzip's size.
 */
const KEPT_BROTLI_QUALITY = 4;

export type Encoding = 'br' | 'gzip';

/**
 * Answers smaller than this are compressed on the event loop; larger ones in libuv's thread pool. The pool's round
 * trip (a stream, its callbacks, waking a thread) costs the loop about 0.1 ms whatever the size: more than
 * compressing a 10 KB match detail in place (83 against 121 microseconds of the loop, and 370 in all), less than a
 * 60 KB match list (444 against 101), which every other request and chat push would wait out (docs/performance.md,
 * "Where a read's tail comes from, and the thread pool's round trip").
 */
const COMPRESS_IN_PLACE_BELOW = 16 * 1024;

const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY } };

/**
 * Compresses a whole answer once, for answers kept and sent many times: a small one in place, a large one in the
 * thread pool (COMPRESS_IN_PLACE_BELOW). The same bytes either way.
 */
export function compressAnswer(payload: string | Buffer, encoding: Encoding): Promise<Buffer> {
  if (Buffer.byteLength(payload) < COMPRESS_IN_PLACE_BELOW) {
    try {
      return Promise.resolve(encoding === 'br' ? brotliCompressSync(payload, brotliOptions) : gzipSync(payload));
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, compressed: Buffer) => (error ? reject(error) : resolve(compressed));
    if (encoding === 'br') brotliCompress(payload, brotliOptions, done);
    else gzip(payload, done);
  });
}

/**
 * A kept answer's JSON bytes from its brotli form, in place: decompressing is fast (a 60 KB match list in 0.11 ms),
 * and the thread pool's round trip cost the event loop four to five times that (0.5 ms for the list, 0.11 against
 * 0.03 for a detail), for every kept detail and page read under the live mix.
 */
export function decompressAnswer(brotli: Buffer): Buffer {
  return brotliDecompressSync(brotli);
}

/** The ETag of an answer: a digest of its bytes, the same for a cached answer and a kept one. */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** Whether a request's If-None-Match (a list, weak or strong) names this ETag: the client holds the answer. */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}
