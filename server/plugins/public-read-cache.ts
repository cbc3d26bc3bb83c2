import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncoding, COMPRESS_THRESHOLD, compressAnswer, type Encoding } from './compression.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer depends only on league data: served with an ETag and from a cache that ingest clears. */
    publicRead?: boolean;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
    /** The cache's generation when the request arrived: an answer computed across a change is not kept. */
    cacheGeneration?: number;
  }
}

export interface PublicReadCacheOptions {
  /** Most answers kept (the oldest go first). */
  maxEntries?: number;
  /** A safety net: an answer is never served from memory for longer than this, even if a change went unheard. */
  maxAgeMs?: number;
}

interface CachedAnswer {
  etag: string;
  contentType: string;
  payload: string | Buffer;
  /** The payload's size in bytes, counted once: a 60 KB page of Korean text takes a while to count. */
  bytes: number;
  storedAt: number;
  /** The payload compressed, per encoding, made the first time a client asks for it. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

const DEFAULT_MAX_ENTRIES = 5000;
const DEFAULT_MAX_AGE_MS = 60_000;
/** Browsers keep the answer but ask again each time; a 304 costs a few bytes. */
const CACHE_CONTROL = 'public, no-cache';

function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  request.servedFromCache = true;
  reply.header('etag', answer.etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'hit').header('vary', 'accept-encoding');
  if (matchesEtag(request, answer.etag)) return reply.code(304).send();
  const encoding = answer.bytes >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : undefined;
  if (!encoding) return reply.type(answer.contentType).send(answer.payload);
  // Compressed once and kept with the answer, so a cached read costs no compression.
  const body = (answer.compressed[encoding] ??= compressAnswer(answer.payload, encoding));
  return reply.type(answer.contentType).header('content-encoding', encoding).send(body);
}

/**
 * Public statistics change only when ingest writes, so their answers are kept in memory until ingest announces a
 * change (NOTIFY from any process, or an in-process signal, both heard through the league-data-changes plugin),
 * and carry an ETag so a browser's repeat costs a 304.
 */
export default fp(
  async function publicReadCache(app: FastifyInstance, options: PublicReadCacheOptions) {
    const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    const answers = new Map<string, CachedAnswer>();
    // Bumped by every change: a request that read the data before a change and answers after it must not store
    // its (stale) answer over the cleared cache.
    let generation = 0;
    const clear = () => {
      generation += 1;
      answers.clear();
    };

    const unsubscribe = app.leagueDataChanges.onChange(clear);
    app.addHook('onClose', async () => {
      unsubscribe();
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.publicRead) return;
      request.cacheGeneration = generation;
      const answer = answers.get(request.url);
      if (!answer) return;
      if (Date.now() - answer.storedAt > maxAgeMs) {
        answers.delete(request.url);
        return;
      }
      return sendCached(request, reply, answer);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.servedFromCache || request.method !== 'GET' || !request.routeOptions.config.publicRead) return payload;
      if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
      const etag = etagOf(payload);
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      if (request.cacheGeneration === generation) {
        if (answers.size >= maxEntries) answers.delete(answers.keys().next().value as string);
        answers.set(request.url, { etag, contentType, payload, bytes: Buffer.byteLength(payload), storedAt: Date.now(), compressed: {} });
      }
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'miss');
      if (matchesEtag(request, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'public-read-cache', dependencies: ['league-data-changes'] },
);
