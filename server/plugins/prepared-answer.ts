import type { FastifyReply, FastifyRequest } from 'fastify';
import { decompressAnswer, ifNoneMatchNames } from '../lib/answer-bytes.js';
import type { KeptOrComputed } from '../modules/stats-core/kept-match-pages.js';
import { acceptedEncoding } from './compression.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer went out prepared (serialized and compressed beforehand): what the public-read cache keeps of it. */
    preparedAnswer?: PreparedAnswer;
  }
}

/**
 * An answer serialized by its route's serializer and compressed beforehand (a match list's first page, kept or
 * computed just now): its JSON is read back from the brotli bytes when a client needs it.
 */
export type PreparedAnswer = KeptOrComputed;

const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer's JSON text, decompressed when it was kept. */
export function preparedJson(answer: PreparedAnswer): string {
  answer.json ??= decompressAnswer(answer.page.brotli).toString('utf8');
  return answer.json;
}

/**
 * Sends a prepared answer as a public read: ETag (a repeat costs a 304), the brotli bytes as they are to a client
 * that takes brotli, else the JSON (compressed on the way out as any answer). A kept one says `x-cache: kept`: it
 * was answered without computing, as a public-read cache hit is (bench/lib/live-readers.ts counts both); one whose
 * rank moved since says `x-cache: reshown` (kept-match-pages.ts, `PanelGuard`), counted apart.
 */
export async function sendPreparedAnswer(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): Promise<FastifyReply> {
  request.preparedAnswer = answer;
  const { etag, brotli } = answer.page;
  reply.header('etag', etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
  if (answer.fromKept) reply.header('x-cache', answer.reshown ? 'reshown' : 'kept');
  if (ifNoneMatchNames(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (acceptedEncoding(request) === 'br') return reply.type(JSON_TYPE).header('content-encoding', 'br').send(brotli);
  return reply.type(JSON_TYPE).send(preparedJson(answer));
}
