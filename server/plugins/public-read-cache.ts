import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { compressAnswer, decompressAnswer, etagOf, ifNoneMatchNames, type Encoding } from '../lib/answer-bytes.js';
import { acceptedEncoding, COMPRESS_THRESHOLD } from './compression.js';
import type { LeagueDataChange } from '../modules/ingest/ingest-api.js';
import { ANY_CHANGE, changeWatch, tagsClearedBy } from '../modules/stats-core/read-tags.js';
import type { PreparedPage } from '../modules/stats-core/kept-match-pages.js';
import { preparedJson, type PreparedAnswer } from './prepared-answer.js';
import { taggedAnswers } from './tagged-answers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the answer depends only on league data (served with an ETag and from the cache that league data
     * changes clear). Unset: decided by the route's tag (LEAGUE_DATA_TAGS), so a new statistics read is cached and
     * cleared by every change by construction; a read of those tags that depends on something else says `false`.
     * `{ dependsOn }` (or `{ dependsOnAnswer }`) narrows which changes clear its answers (docs/caching.md).
     */
    publicRead?: boolean | PublicReadDependencies;
  }
  interface FastifyRequest {
    servedFromCache?: boolean;
    /** The cache's change mark when the request arrived: an answer computed across a change of its tags is not kept. */
    cacheMark?: number;
    /** What the answer shows (readTags), from the route's dependsOn. */
    readTags?: string[];
    /** Where the answer goes when the app computes it aside (a background refresh), instead of the cache. */
    asideAnswers?: AsideAnswers;
  }
}

/**
 * A public read whose answers only some changes clear: the tags (stats-core/read-tags.ts) of what the answer shows,
 * from the request alone (`dependsOn`) or from the request and the answer as the handler returned it
 * (`dependsOnAnswer`, for a read whose tags name what the answer found); a change touching none of them keeps the
 * answer. Only the second makes a prepared answer's JSON be parsed back for its tags.
 */
export type PublicReadDependencies = PublicReadOptions & (
  | { dependsOn(request: FastifyRequest): string[] }
  | { dependsOnAnswer(request: FastifyRequest, answer: unknown): string[] }
);

interface PublicReadOptions {
  /**
   * A league-wide table (standings, ranking pages): when its league refreshes in the background, its kept answers
   * are computed again there and swapped in with the league's snapshots, so no reader waits for them
   * (docs/caching.md, "League refreshes in the background").
   */
  rebuiltAhead?: boolean;
}

export interface PublicReadCacheOptions {
  /** Most answers kept (the oldest go first). */
  maxEntries?: number;
  /** A safety net: an answer is never served from memory for longer than this, even if a change went unheard. */
  maxAgeMs?: number;
  /** How a background refresh rests between two answers it computes aside (the tests': by hand). */
  asideRest?: (ms: number) => Promise<unknown>;
  /** The clock that times those answers, in milliseconds (the tests': by hand). */
  now?: () => number;
}

interface CachedAnswer {
  etag: string;
  contentType: string;
  /**
   * UTF-8 bytes (keptPayload): their size is the buffer's length, not counted through a string. Unset for a prepared
   * answer (kept in PostgreSQL, or computed with its brotli bytes: a list page, a panel, a match detail made ready
   * with its list) until a client that takes no brotli asks for it (payloadOf): nearly every reader takes the brotli
   * bytes as they are, and the JSON of every such answer, decompressed to be kept beside them, was the larger part of
   * the process's external memory and a large share of what it allocated under the live mix (docs/performance.md).
   */
  payload?: Buffer;
  storedAt: number;
  /** What it shows: a change touching one of these clears it. */
  tags: string[];
  /**
   * The payload compressed, per encoding, made the first time a client asks for it (off the event loop; readers
   * asking meanwhile share the one compression).
   */
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Computed again by its league's background refresh (PublicReadDependencies.rebuiltAhead) while read. */
  rebuiltAhead?: boolean;
  /**
   * When it was last served from here (Date.now()), or the answer it was made again in place of: what readLately
   * checks. Unset for an answer read only by the reader who computed it.
   */
  lastReadAt?: number;
  /** Computed ahead of its readers (computeAhead): served saying `x-cache: ahead`. */
  computedAhead?: boolean;
}

/** An answer computed ahead of its readers: its prepared bytes and what it shows. */
export interface AheadAnswer {
  page: PreparedPage;
  tags: string[];
}

/** Answers computed aside by a background refresh, by URL, with where each computation started. */
type AsideAnswers = Map<string, { answer: CachedAnswer; mark: number }>;

/**
 * The header an app's own request computed aside carries: a token made for that refresh and known only to this
 * process while it runs, so no client can pass for one.
 */
export const ASIDE_HEADER = 'x-sal-computed-aside';

/**
 * `app` computing a URL aside for `token` (computeAside's `compute`): resolves once the answer has gone where the
 * cache puts answers computed aside (the cache's onSend runs before the head is written). The body is streamed and
 * dropped, not gathered: light-my-request would otherwise copy each answer into a Buffer and a string nobody reads,
 * a league's standings (1.5 MB) at every refresh among them, straight into the old generation's large-object space
 * (a third of what went there under the live mix: docs/performance.md).
 */
export function computedThrough(app: FastifyInstance, token: string): (url: string) => Promise<void> {
  return async (url) => {
    const response = await app.inject({ url, headers: { [ASIDE_HEADER]: token }, payloadAsStream: true });
    response.stream().resume();
  };
}

const DEFAULT_MAX_ENTRIES = 5000;
const DEFAULT_MAX_AGE_MS = 60_000;
/**
 * An answer served from memory this recently is made again after a change clears it (a league's refresh, or
 * read-again-ahead.ts): a page being read now. Longer than a league's refresh interval and than the gap between a
 * busy clan's readers, so a page read every few seconds is not left to every other reader; one nobody read for
 * this long is left to its next reader.
 */
const READ_LATELY_MS = 30_000;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
/** Browsers keep the answer but ask again each time; a 304 costs a few bytes. */
const CACHE_CONTROL = 'public, no-cache';

/** Whether an answer was served from memory within READ_LATELY_MS. */
function readLately(answer: CachedAnswer): boolean {
  return answer.lastReadAt !== undefined && Date.now() - answer.lastReadAt <= READ_LATELY_MS;
}

/** The OpenAPI tags of the statistics modules: their GET answers depend on league data only. */
export const LEAGUE_DATA_TAGS: ReadonlySet<string> = new Set(['clans', 'players', 'matches', 'league', 'rankings', 'search', 'proxy']);

/** Whether a request is a public read of league data (see FastifyContextConfig.publicRead). */
function isPublicRead(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const { config, schema } = request.routeOptions;
  if (config.publicRead !== undefined) return config.publicRead !== false;
  return (schema?.tags ?? []).some((tag) => LEAGUE_DATA_TAGS.has(tag));
}

/**
 * An answer as the cache keeps it: UTF-8 bytes outside the JavaScript heap. As a string, the Korean text of a match
 * list or detail is a two-byte string of twice its UTF-8 size in the heap the collector walks, and the cache holds
 * thousands of them (most of them match details made ready with their list), and the tables a league's refresh
 * computes again every interval (the beginner league's standings, 1.5 MB): the heap's growth between full
 * collections is what starts the next one.
 */
function keptPayload(json: string | Buffer): Buffer {
  return Buffer.isBuffer(json) ? json : Buffer.from(json, 'utf8');
}

/** The answer's JSON bytes: a prepared answer's read back from its brotli bytes the first time a client needs them. */
async function payloadOf(answer: CachedAnswer): Promise<Buffer> {
  answer.payload ??= decompressAnswer(await answer.compressed.br!);
  return answer.payload;
}

/** The answer's payload in `encoding`, compressed once and kept with it, so a cached read costs no compression. */
function compressedOnce(answer: CachedAnswer, encoding: Encoding): Promise<Buffer> {
  const kept = answer.compressed[encoding];
  if (kept) return kept;
  const compressing = payloadOf(answer).then((payload) => compressAnswer(payload, encoding));
  answer.compressed[encoding] = compressing;
  // A failed compression is not kept: the next reader tries again.
  compressing.catch(() => {
    if (answer.compressed[encoding] === compressing) delete answer.compressed[encoding];
  });
  return compressing;
}

/** The encoding an answer goes in to a client taking `accepted`: none (its JSON as it is) under COMPRESS_THRESHOLD. */
async function plainOrEncoding(answer: CachedAnswer, accepted: Encoding | undefined): Promise<Encoding | undefined> {
  return (await payloadOf(answer)).length >= COMPRESS_THRESHOLD ? accepted : undefined;
}

async function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply> {
  request.servedFromCache = true;
  answer.lastReadAt = Date.now();
  reply.header('etag', answer.etag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding')
    .header('x-cache', answer.computedAhead ? 'ahead' : 'hit');
  if (ifNoneMatchNames(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const accepted = acceptedEncoding(request);
  // A prepared answer goes in its brotli bytes whatever its size, as sendPreparedAnswer sends it.
  const encoding = answer.payload === undefined && accepted === 'br' ? 'br' : await plainOrEncoding(answer, accepted);
  if (!encoding) return reply.type(answer.contentType).send(answer.payload);
  const body = await compressedOnce(answer, encoding);
  return reply.type(answer.contentType).header('content-encoding', encoding).send(body);
}

/**
 * The answers of public statistics reads, kept in memory by request URL until a change of what they show (built
 * in buildApp: docs/caching.md). The recent changes are remembered, so an answer computed while a change touching
 * its tags happened is not kept.
 */
export function createPublicReadCache(options: PublicReadCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const asideRest = options.asideRest ?? ((ms: number) => sleep(ms));
  const now = options.now ?? (() => performance.now());
  // The least recently read go first: a read moves its answer to the end (a keep, and lookup's hit).
  const answers = taggedAnswers<CachedAnswer>(maxEntries);
  const changes = changeWatch();
  /** The refreshes computing aside now, by token. */
  const asides = new Map<string, AsideAnswers>();
  /** The answers computed ahead now, by URL: a reader of one waits for it instead of computing it too. */
  const ahead = new Map<string, Promise<void>>();
  const isFresh = (answer: CachedAnswer | undefined) => answer !== undefined && Date.now() - answer.storedAt <= maxAgeMs;
  const keep = (url: string, answer: CachedAnswer, mark: number) => {
    if (!changes.changedSince(mark, answer.tags)) answers.set(url, answer);
  };
  /**
   * Computes answers aside (`compute` runs each request through the app with `token` in ASIDE_HEADER: it reads no
   * kept answer and keeps none), with their brotli form made here rather than by the first reader; an answer
   * equal to the one kept keeps its compressed forms. Resolves to what `swapIn` takes.
   */
  async function computeAside(urls: readonly string[], token: string, compute: (url: string) => Promise<unknown>): Promise<AsideAnswers> {
    const computed: AsideAnswers = new Map();
    asides.set(token, computed);
    try {
      for (const url of urls) {
        const began = now();
        await compute(url);
        // Each answer in turns of the loop of its own, then a rest as long as it took, so a refresh holds the
        // loop half the time at most: a league's tables hold a few thousand rows each, and computed one after
        // another without I/O between them they held the loop 150-240 ms at every refresh, which every reader
        // and chat push arriving then waited out (docs/performance.md, "Long turns", "League refreshes one at a
        // time"). A refresh shows its league a few hundred milliseconds later, against its 10 s interval.
        await asideRest(now() - began);
      }
    } finally {
      asides.delete(token);
    }
    const compressions: Array<Promise<Buffer>> = [];
    for (const [url, { answer }] of computed) {
      const kept = answers.get(url);
      answer.lastReadAt = kept?.lastReadAt;
      if (kept?.etag === answer.etag) answer.compressed = kept.compressed;
      else if (answer.payload && answer.payload.length >= COMPRESS_THRESHOLD) compressions.push(compressedOnce(answer, 'br'));
    }
    await Promise.all(compressions);
    return computed;
  }

  return {
    /** Where a computation starts (see keep). */
    mark: () => changes.mark(),
    /** Where a request the app computes aside goes (it reads and keeps nothing here); undefined for a client's. */
    asideOf(request: FastifyRequest): AsideAnswers | undefined {
      const token = request.headers[ASIDE_HEADER];
      return typeof token === 'string' ? asides.get(token) : undefined;
    },
    /** The kept answer of `url`, while fresh (read: it goes last in the eviction order). */
    lookup(url: string): CachedAnswer | undefined {
      const answer = answers.get(url);
      if (!answer) return undefined;
      if (!isFresh(answer)) {
        answers.delete(url);
        return undefined;
      }
      answers.touch(url);
      return answer;
    },
    /** Keeps an answer whose computation started at `mark`, unless a change of its tags came since. */
    keep(url: string, answer: CachedAnswer, mark: number, computedAside?: AsideAnswers): void {
      if (computedAside) computedAside.set(url, { answer, mark });
      else keep(url, answer, mark);
    },
    /**
     * Computes the answers of `urls` ahead of their readers (docs/caching.md, "Match details ahead of their
     * readers"): those not kept nor being computed ahead already go to `compute` at once, and a reader asking for
     * one meanwhile waits for it (aheadOf) rather than computing it too. Each answer is kept as the route's would be
     * (unless a change of its tags came since `compute` began); one `compute` leaves out is left to its reader.
     * Resolves when they are kept; `compute` failing keeps none (each reader then computes its own).
     */
    async computeAhead(urls: readonly string[], compute: (urls: string[]) => Promise<Map<string, AheadAnswer>>): Promise<void> {
      const wanted = urls.filter((url) => !ahead.has(url) && !isFresh(answers.get(url)));
      if (wanted.length === 0) return;
      const mark = changes.mark();
      const work = compute(wanted).then((computed) => {
        for (const [url, { page, tags }] of computed) {
          keep(url, {
            etag: page.etag, contentType: JSON_CONTENT_TYPE, storedAt: Date.now(), tags, compressed: { br: Promise.resolve(page.brotli) },
            computedAhead: true,
          }, mark);
        }
      });
      const settled: Promise<void> = work.catch(() => undefined).finally(() => {
        for (const url of wanted) if (ahead.get(url) === settled) ahead.delete(url);
      });
      for (const url of wanted) ahead.set(url, settled);
      await work;
    },
    /** Resolves once the answer of `url` being computed ahead, if any, is kept (or failed). */
    aheadOf(url: string): Promise<void> | undefined {
      return ahead.get(url);
    },
    /**
     * The URLs of the kept answers tagged `tag` that a background refresh computes again: those of rebuiltAhead
     * routes served from memory lately (readLately: the home tables, the first ranking pages, the headers being
     * read); one read only by the reader who computed it, or not lately, is cleared and computed by its next reader
     * from the new snapshots.
     */
    rebuiltAheadUrls(tag: string): string[] {
      return answers.urlsTagged(tag).filter((url) => {
        const answer = answers.get(url)!;
        return answer.rebuiltAhead && readLately(answer);
      });
    },
    computeAside,
    /**
     * Computes again, aside, the answer of `url` that a change cleared while it was being read (`lastReadAt`, as
     * `invalidate` named it; read-again-ahead.ts) or that a change made likely to be read next (undefined: a page of
     * a clan that just played, played-clans-ahead.ts), and keeps it as computed ahead of its next reader (x-cache:
     * ahead) and as read then, unless a reader computed it meanwhile or a change of its tags came since the
     * computation began. Resolves once kept or left.
     */
    async computeAgain(url: string, lastReadAt: number | undefined, token: string, compute: (url: string) => Promise<unknown>): Promise<void> {
      if (isFresh(answers.get(url))) return;
      for (const [computedUrl, { answer, mark }] of await computeAside([url], token, compute)) {
        if (isFresh(answers.get(computedUrl))) continue;
        answer.computedAhead = true;
        answer.lastReadAt = lastReadAt;
        keep(computedUrl, answer, mark);
      }
    },
    /**
     * The swap of a background refresh: runs `announce` (the change that clears the old answers, heard by this
     * cache's invalidate) and keeps the answers computed aside in their place, in one go. An answer a change of its
     * tags came across (other than the one announced here) is left out.
     */
    swapIn(computed: AsideAnswers, announce: () => void): void {
      const current = [...computed].filter(([, { answer, mark }]) => !changes.changedSince(mark, answer.tags));
      announce();
      for (const [url, { answer }] of current) answers.set(url, answer);
    },
    /**
     * Forgets the answers that show what `change` touched (found by tag, not by walking every answer). Returns
     * those of them served from memory lately (readLately) that not every change clears, by URL with when they were
     * last read: what read-again-ahead.ts computes again. None when the change touched everything (a reconnect, a
     * ratings rebuild).
     */
    invalidate(change: LeagueDataChange): Map<string, number> {
      const cleared = tagsClearedBy(change);
      changes.record(cleared);
      const readNow = new Map<string, number>();
      if (cleared === undefined) {
        answers.clear();
        return readNow;
      }
      for (const [url, answer] of answers.deleteTagged(cleared)) {
        if (readLately(answer) && !answer.tags.includes(ANY_CHANGE)) readNow.set(url, answer.lastReadAt!);
      }
      return readNow;
    },
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;

/**
 * The tags of an answer: the route's dependsOn, or every change (the default, and the answer to a dependsOnAnswer
 * that cannot read this answer: it is then kept as a read every change clears, never lost or failed). `answer` is
 * called only for a dependsOnAnswer: most prepared answers (match details, clan match lists, rating histories) are
 * tagged from the request alone, and parsing their JSON back only for the tags cost about 4% of the server's time
 * under the live mix, and a copy of the answer's objects per kept read for the collector (docs/performance.md).
 */
function tagsOf(request: FastifyRequest, answer: () => unknown): string[] {
  const { publicRead } = request.routeOptions.config;
  if (typeof publicRead !== 'object') return [ANY_CHANGE];
  try {
    const tags = 'dependsOnAnswer' in publicRead ? publicRead.dependsOnAnswer(request, answer()) : publicRead.dependsOn(request);
    return tags.length > 0 ? tags : [ANY_CHANGE];
  } catch (error) {
    request.log.warn({ err: error }, 'a public read\'s tags could not be read from its answer; kept as cleared by every change');
    return [ANY_CHANGE];
  }
}

/**
 * The tags of an answer a route sends prepared, for this request (its dependsOnAnswer): what the route hands its
 * kept answers' reads (kept-match-pages.ts, `AnswerTags`), so that they are kept with the answer.
 */
export function answerTagsOf(request: FastifyRequest): (answer: unknown) => string[] {
  return (answer) => tagsOf(request, () => answer);
}

/**
 * A prepared answer (a kept match list page or detail, or one computed just now) as the cache keeps it: its brotli
 * bytes (its JSON is read back only for a client that takes no brotli: payloadOf), tagged with the tags it came
 * with (answerTagsOf), else, when the route's tags read the answer, from its JSON parsed back (it went out without
 * the serializer's hooks; an answer kept before its tags were kept with it).
 */
function preparedToKeep(request: FastifyRequest, prepared: PreparedAnswer): CachedAnswer {
  const tags = prepared.tags?.length ? [...prepared.tags] : tagsOf(request, () => JSON.parse(preparedJson(prepared)));
  return {
    etag: prepared.page.etag, contentType: JSON_CONTENT_TYPE,
    storedAt: Date.now(), tags, compressed: { br: Promise.resolve(prepared.page.brotli) }, rebuiltAhead: isRebuiltAhead(request),
  };
}

/** Whether the route's answers are made again by their league's background refresh (PublicReadDependencies.rebuiltAhead). */
function isRebuiltAhead(request: FastifyRequest): boolean {
  const { publicRead } = request.routeOptions.config;
  return typeof publicRead === 'object' && publicRead.rebuiltAhead === true;
}

/**
 * Public statistics change only when league data changes, so their answers are kept (`cache`, cleared by the app
 * on every change it hears, by what the change touched) and carry an ETag, so a browser's repeat costs a 304.
 */
export default fp(
  async function publicReadCache(app: FastifyInstance, { cache }: { cache: PublicReadCache }) {
    app.addHook('onRequest', async (request, reply) => {
      if (!isPublicRead(request)) return;
      request.cacheMark = cache.mark();
      request.asideAnswers = cache.asideOf(request);
      if (request.asideAnswers) return;
      let answer = cache.lookup(request.url);
      const computingAhead = answer ? undefined : cache.aheadOf(request.url);
      if (computingAhead) {
        await computingAhead;
        answer = cache.lookup(request.url);
      }
      if (answer) return sendCached(request, reply, answer);
    });

    // The answer as the handler returned it, before it is a string: what the route's dependsOn reads.
    app.addHook('preSerialization', async (request, reply, answer: unknown) => {
      // Only answers that are kept (200) have tags; an error's body is not the route's answer.
      if (reply.statusCode === 200 && !request.servedFromCache && isPublicRead(request)) request.readTags = tagsOf(request, () => answer);
      return answer;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.servedFromCache || !isPublicRead(request)) return payload;
      if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
      const prepared = request.preparedAnswer;
      if (prepared) {
        cache.keep(request.url, preparedToKeep(request, prepared), request.cacheMark!, request.asideAnswers);
        if (!prepared.fromKept) reply.header('x-cache', 'miss');
        return payload;
      }
      // Kept, and sent, as UTF-8 bytes (see keptPayload); the client gets the same bytes as a later reader.
      const body = keptPayload(payload);
      const etag = etagOf(body);
      const contentType = String(reply.getHeader('content-type') ?? JSON_CONTENT_TYPE);
      const tags = request.readTags ?? [ANY_CHANGE];
      cache.keep(request.url, {
        etag, contentType, payload: body, storedAt: Date.now(), tags, compressed: {}, rebuiltAhead: isRebuiltAhead(request),
      }, request.cacheMark!, request.asideAnswers);
      reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-cache', 'miss');
      if (ifNoneMatchNames(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return '';
      }
      return body;
    });
  },
  { name: 'public-read-cache' },
);
