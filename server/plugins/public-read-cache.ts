import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncoding, COMPRESS_THRESHOLD, compressAnswer, type Encoding } from './compression.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the answer depends only on league data (served with an ETag and from the cache that league data
     * changes clear). Unset: decided by the route's tag (LEAGUE_DATA_TAGS), so a new statistics read is cached and
     * cleared by construction; a read of those tags that depends on something else says `false`.
     */
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

/** The OpenAPI tags of the statistics modules: their GET answers depend on league data only. */
export const LEAGUE_DATA_TAGS: ReadonlySet<string> = new Set(['clans', 'players', 'matches', 'league', 'rankings', 'search', 'proxy']);

/** Whether a request is a public read of league data (see FastifyContextConfig.publicRead). */
function isPublicRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const { config, schema } = request.routeOptions;
  if (config.publicRead !== undefined) return config.publicRead;
  return (schema?.tags ?? []).some((tag) => LEAGUE_DATA_TAGS.has(tag));
}

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
 * The answers of public statistics reads, kept in memory by request URL until league data changes (built in
 * buildApp: docs/caching.md). `generation` moves with every clearing, so an answer computed across a change is
 * not kept.
 */
export function createPublicReadCache(options: PublicReadCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const answers = new Map<string, CachedAnswer>();
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    /** The kept answer of `url`, while fresh. */
    lookup(url: string): CachedAnswer | undefined {
      const answer = answers.get(url);
      if (answer && Date.now() - answer.storedAt > maxAgeMs) {
        answers.delete(url);
        return undefined;
      }
      return answer;
    },
    /** Keeps an answer computed in `computedIn` (the generation when its request arrived), unless a change came since. */
    keep(url: string, answer: CachedAnswer, computedIn: number): void {
      if (computedIn !== generation) return;
      if (answers.size >= maxEntries) answers.delete(answers.keys().next().value as string);
      answers.set(url, answer);
    },
    /** Forgets every answer (league data changed). */
    clear(): void {
      generation += 1;
      answers.clear();
    },
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;

/**
 * Public statistics change only when league data changes, so their answers are kept (`cache`, cleared by the app
 * on every change it hears) and carry an ETag, so a browser's repeat costs a 304.
 */
export default fp(
  async function publicReadCache(app: FastifyInstance, { cache }: { cache: PublicReadCache }) {
    app.addHook('onRequest', async (request, reply) => {
      if (!isPublicRead(request)) return;
      request.cacheGeneration = cache.generation;
      const answer = cache.lookup(request.url);
      if (answer) return sendCached(request, reply, answer);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.servedFromCache || !isPublicRead(request)) return payload;
      if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
      const etag = etagOf(payload);
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      cache.keep(request.url, { etag, contentType, payload, bytes: Buffer.byteLength(payload), storedAt: Date.now(), compressed: {} }, request.cacheGeneration!);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'miss');
      if (matchesEtag(request, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'public-read-cache' },
);
