import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Brotli quality for answers compressed once and sent many times (the public-read cache, the kept match pages):
 * 4 is many times faster than 11 and still about gzip's size.
 */
const KEPT_BROTLI_QUALITY = 4;

export type Encoding = 'br' | 'gzip';

/** Compresses a whole answer once, for answers kept and sent many times. */
export function compressAnswer(payload: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY } })
    : gzipSync(payload);
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
