import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Encoding } from '../lib/answer-bytes.js';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;
/**
 * Brotli quality for answers compressed as they go out, each computed for one request: a 60 KB match list page
 * costs about 0.4 ms of CPU at quality 1 against 1.0-1.2 ms at 4 (a computed list costs the server 4-5 ms in all
 * on a quiet machine), for about 1.5 KB more on the wire (9.1 KB against 7.6 KB; docs/performance.md).
 */
const OUTGOING_BROTLI_QUALITY = 1;

/** The encoding a request accepts, brotli first; undefined when it takes neither. */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  const header = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  return undefined;
}

/**
 * Brotli or gzip for every answer of 1 KB or more the client accepts it for (API JSON, the app's files): a clan's
 * match page of 60 KB leaves as about 9 KB. Answers that carry their own Content-Encoding (kept compressed, or
 * the app's files compressed at build time) go out as they are.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(fastifyCompress, {
      global: true,
      threshold: COMPRESS_THRESHOLD,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: OUTGOING_BROTLI_QUALITY } },
    });
  },
  { name: 'compression' },
);
