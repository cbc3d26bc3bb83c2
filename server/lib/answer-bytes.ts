import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Brotli quality for answers compressed once and sent many times (the public-read cache, the kept match pages):
 * 4 is many times faster than 11 and still about gzip's size.
 */
const KEPT_BROTLI_QUALITY = 4;

export type Encoding = 'br' | 'gzip';

/**
 * Compresses a whole answer once, for answers kept and sent many times. In libuv's thread pool, not on the event
 * loop: a 60 KB match list takes a millisecond or more at quality 4, which every other request and chat push would
 * wait out (docs/performance.md, "The event loop under the live mix"). The same bytes as the synchronous call.
 */
export function compressAnswer(payload: string | Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, compressed: Buffer) => (error ? reject(error) : resolve(compressed));
    if (encoding === 'br') brotliCompress(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY } }, done);
    else gzip(payload, done);
  });
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
