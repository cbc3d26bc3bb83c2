import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { etagOf } from '../../server/lib/answer-bytes.js';
import { EVERYTHING, LEAGUE_DATA_CHANNEL, type LeagueDataChange } from '../../server/modules/ingest/ingest-api.js';
import leagueDataChanges from '../../server/plugins/league-data-changes.js';
import publicReadCache, {
  ASIDE_HEADER, createPublicReadCache, type AheadAnswer, type PublicReadCache, type PublicReadDependencies,
} from '../../server/plugins/public-read-cache.js';
import { readTags } from '../../server/modules/stats-core/read-tags.js';
import { sendPreparedAnswer, type PreparedAnswer } from '../../server/plugins/prepared-answer.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

describe('public read cache', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let cache: PublicReadCache;
  let standingsVersion = 1;
  let handlerCalls = 0;
  /** The answers read lately that the last change heard cleared, by URL with when they were last read. */
  let clearedWhileRead = new Map<string, number>();
  /** The slow read's handler waits for this before it answers with the version it read on entry. */
  let releaseSlow: () => void = () => undefined;
  let slowEntered: () => void = () => undefined;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    app = Fastify({ logger: false });
    await app.register(leagueDataChanges, { prisma: db.prisma, databaseUrl: db.url });
    cache = createPublicReadCache();
    app.leagueDataChanges.onChange((change) => {
      clearedWhileRead = cache.invalidate(change);
    });
    await app.register(publicReadCache, { cache });
    app.get('/standings', { config: { publicRead: true } }, async () => {
      handlerCalls += 1;
      return { version: standingsVersion };
    });
    // An answer that reads the data, then waits until the test releases it (a change can happen meanwhile).
    const slowAnswer = async () => {
      handlerCalls += 1;
      const version = standingsVersion;
      const released = new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
      slowEntered();
      await released;
      return { version };
    };
    app.get('/slow', { config: { publicRead: true } }, slowAnswer);
    // A read that shows one clan's data, and one that shows a league's table.
    const byClanSlug: PublicReadDependencies = { dependsOn: (request) => [readTags.clan((request.params as { slug: string }).slug)] };
    app.get('/clan/:slug', { config: { publicRead: byClanSlug } }, async (request) => {
      handlerCalls += 1;
      return { clan: (request.params as { slug: string }).slug, version: standingsVersion };
    });
    app.get('/slow-clan/:slug', { config: { publicRead: byClanSlug } }, slowAnswer);
    // A dependsOn that reads a field only some answers have.
    const strict = { dependsOnAnswer: (_request: unknown, answer: unknown) => [readTags.clan((answer as { data: { slug: string } }).data.slug)] };
    app.get('/strict/:slug', { config: { publicRead: strict } }, async (request, reply) => {
      handlerCalls += 1;
      const { slug } = request.params as { slug: string };
      if (slug === 'missing') return reply.code(404).send({ error: 'not_found' });
      return slug === 'odd' ? { odd: true, version: standingsVersion } : { data: { slug }, version: standingsVersion };
    });
    // Prepared answers (serialized and compressed beforehand, as a kept match detail is), tagged from the request
    // alone or from the answer.
    const prepared = (answer: object): PreparedAnswer => {
      const json = JSON.stringify(answer);
      return { page: { brotli: brotliCompressSync(json), etag: etagOf(json) }, json, fromKept: true };
    };
    app.get('/prepared-clan/:slug', { config: { publicRead: byClanSlug } }, async (request, reply) =>
      sendPreparedAnswer(request, reply, prepared({ clan: (request.params as { slug: string }).slug, version: standingsVersion })));
    app.get('/prepared-strict/:slug', { config: { publicRead: strict } }, async (request, reply) =>
      sendPreparedAnswer(request, reply, prepared({ data: { slug: (request.params as { slug: string }).slug }, version: standingsVersion })));
    // A prepared answer that comes with its tags (kept with it, as a kept player summary is): as its query says.
    app.get('/prepared-tagged/:slug', { config: { publicRead: strict } }, async (request, reply) => {
      const { slug } = request.params as { slug: string };
      const { tagged } = request.query as { tagged: string };
      return sendPreparedAnswer(request, reply, { ...prepared({ data: { slug }, version: standingsVersion }), tags: [readTags.clan(tagged)] });
    });
    app.get('/private', async () => ({ calls: ++handlerCalls }));
    app.get('/missing', { config: { publicRead: true } }, async (_request, reply) => reply.code(404).send({ error: 'not_found' }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers a repeat from memory with the same ETag, and a conditional repeat with 304', async () => {
    const before = handlerCalls;
    const first = await app.inject({ url: '/standings?league=sal' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const second = await app.inject({ url: '/standings?league=sal' });
    expect(second.json()).toEqual(first.json());
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['x-cache']).toBe('hit');
    expect(handlerCalls - before).toBe(1);

    const conditional = await app.inject({ url: '/standings?league=sal', headers: { 'if-none-match': `W/${etag}` } });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');
  });

  it('answers a repeat of Korean text with the first answer\'s very bytes, length and ETag', async () => {
    const url = `/clan/${encodeURIComponent('붉은늑대단')}`;
    const first = await app.inject({ url });
    const second = await app.inject({ url });
    expect(second.headers['x-cache']).toBe('hit');
    expect(first.json()).toMatchObject({ clan: '붉은늑대단' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(second.headers.etag).toBe(etagOf(first.rawPayload));
  });

  it('never caches failures or routes that are not public reads', async () => {
    const before = handlerCalls;
    await app.inject({ url: '/private' });
    const again = await app.inject({ url: '/private' });
    expect(again.json().calls).toBe(before + 2);
    expect(again.headers.etag).toBeUndefined();
    await app.inject({ url: '/missing' });
    expect((await app.inject({ url: '/missing' })).headers['x-cache']).toBeUndefined();
  });

  it('forgets its answers when a writer of this app announces a change', async () => {
    await app.inject({ url: '/standings?case=local' });
    standingsVersion = 2;
    await app.leagueDataChanges.announce(EVERYTHING);
    const fresh = await app.inject({ url: '/standings?case=local' });
    expect(fresh.json()).toEqual({ version: 2 });
  });

  it('does not keep an answer that was read before a change and sent after it', async () => {
    standingsVersion = 10;
    const entered = new Promise<void>((resolve) => {
      slowEntered = resolve;
    });
    const stale = app.inject({ url: '/slow' });
    await entered;
    // Ingest commits while the request is between reading the data and answering.
    standingsVersion = 11;
    await app.leagueDataChanges.announce(EVERYTHING);
    releaseSlow();
    expect((await stale).json()).toEqual({ version: 10 });

    const before = handlerCalls;
    const nextEntered = new Promise<void>((resolve) => {
      slowEntered = resolve;
    });
    const next = app.inject({ url: '/slow' });
    // Answered from memory, the handler is never entered: the race ends with that answer instead.
    await Promise.race([nextEntered.then(() => releaseSlow()), next]);
    expect((await next).json()).toEqual({ version: 11 });
    expect(handlerCalls - before).toBe(1);
    // That fresh answer is kept: the next reader gets it from memory.
    const cached = await app.inject({ url: '/slow' });
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.json()).toEqual({ version: 11 });
  });

  it('forgets its answers when another process announces a change on the database channel', async () => {
    await app.inject({ url: '/standings?case=remote' });
    standingsVersion = 3;
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    await other.query(`NOTIFY ${LEAGUE_DATA_CHANNEL}`);
    await other.end();
    await expect.poll(async () => (await app.inject({ url: '/standings?case=remote' })).json(), { timeout: 5000 }).toEqual({ version: 3 });
  });

  const clanChange = (...clans: string[]): LeagueDataChange => ({ leagues: [], clans, players: [], matches: [] });

  it('forgets only the answers that show what a change touched; a read without dependsOn goes with every change', async () => {
    await app.inject({ url: '/clan/a' });
    await app.inject({ url: '/clan/b' });
    await app.inject({ url: '/standings?case=narrow' });
    standingsVersion = 20;
    await app.leagueDataChanges.announce(clanChange('a'));
    const a = await app.inject({ url: '/clan/a' });
    expect(a.headers['x-cache']).toBe('miss');
    expect(a.json()).toEqual({ clan: 'a', version: 20 });
    const b = await app.inject({ url: '/clan/b' });
    expect(b.headers['x-cache']).toBe('hit');
    expect((await app.inject({ url: '/standings?case=narrow' })).json()).toEqual({ version: 20 });
  });

  it('keeps an answer computed while a change elsewhere happened, not one computed while its own changed', async () => {
    for (const [touched, kept] of [['other', true], ['guarded', false]] as const) {
      const entered = new Promise<void>((resolve) => {
        slowEntered = resolve;
      });
      const url = `/slow-clan/guarded?case=${touched}`;
      const pending = app.inject({ url });
      await entered;
      await app.leagueDataChanges.announce(clanChange(touched));
      releaseSlow();
      await pending;
      const entering = new Promise<void>((resolve) => {
        slowEntered = resolve;
      });
      const repeat = app.inject({ url });
      await Promise.race([entering.then(() => releaseSlow()), repeat]);
      expect((await repeat).headers['x-cache']).toBe(kept ? 'hit' : 'miss');
    }
  });

  it('hears what another process changed through the NOTIFY payload', async () => {
    await app.inject({ url: '/clan/c' });
    await app.inject({ url: '/clan/d' });
    standingsVersion = 30;
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    await other.query('SELECT pg_notify($1, $2)', [LEAGUE_DATA_CHANNEL, JSON.stringify({ origin: 'elsewhere', change: clanChange('c') })]);
    await other.end();
    await expect.poll(async () => (await app.inject({ url: '/clan/c' })).json(), { timeout: 5000 }).toEqual({ clan: 'c', version: 30 });
    expect((await app.inject({ url: '/clan/d' })).headers['x-cache']).toBe('hit');
  });

  it('answers errors as they are, and keeps an answer its dependsOn cannot read as cleared by every change', async () => {
    expect((await app.inject({ url: '/strict/missing' })).statusCode).toBe(404);
    await app.inject({ url: '/strict/odd' });
    await app.inject({ url: '/strict/e' });
    expect((await app.inject({ url: '/strict/odd' })).headers['x-cache']).toBe('hit');
    await app.leagueDataChanges.announce(clanChange('f'));
    expect((await app.inject({ url: '/strict/odd' })).headers['x-cache']).toBe('miss');
    expect((await app.inject({ url: '/strict/e' })).headers['x-cache']).toBe('hit');
  });

  it('tags a prepared answer from the request alone when its dependsOn reads no answer, without parsing its JSON back', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect((await app.inject({ url: '/prepared-clan/g', headers: { 'accept-encoding': 'br' } })).headers['x-cache']).toBe('kept');
      expect(parse).not.toHaveBeenCalled();
      expect((await app.inject({ url: '/prepared-strict/g', headers: { 'accept-encoding': 'br' } })).headers['x-cache']).toBe('kept');
      expect(parse).toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect((await app.inject({ url: '/prepared-clan/g' })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ url: '/prepared-strict/g' })).headers['x-cache']).toBe('hit');
    await app.leagueDataChanges.announce(clanChange('h'));
    expect((await app.inject({ url: '/prepared-clan/g' })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ url: '/prepared-strict/g' })).headers['x-cache']).toBe('hit');
    await app.leagueDataChanges.announce(clanChange('g'));
    expect((await app.inject({ url: '/prepared-clan/g' })).headers['x-cache']).toBe('kept');
    expect((await app.inject({ url: '/prepared-strict/g' })).headers['x-cache']).toBe('kept');
  });

  it('tags a prepared answer that comes with its tags by them, without parsing its JSON back', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect((await app.inject({ url: '/prepared-tagged/m?tagged=n', headers: { 'accept-encoding': 'br' } })).headers['x-cache']).toBe('kept');
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect((await app.inject({ url: '/prepared-tagged/m?tagged=n' })).headers['x-cache']).toBe('hit');
    // Its answer names clan m, its tags clan n: the tags it came with are what a change is checked against.
    await app.leagueDataChanges.announce(clanChange('m'));
    expect((await app.inject({ url: '/prepared-tagged/m?tagged=n' })).headers['x-cache']).toBe('hit');
    await app.leagueDataChanges.announce(clanChange('n'));
    expect((await app.inject({ url: '/prepared-tagged/m?tagged=n' })).headers['x-cache']).toBe('kept');
  });

  /** What a list's details computed ahead are to the cache: an answer's prepared bytes, tagged with a clan. */
  const aheadJson = (slug: string) => JSON.stringify({ clan: slug, ahead: true });
  const aheadAnswer = (slug: string): AheadAnswer => {
    const json = aheadJson(slug);
    return { page: { brotli: brotliCompressSync(json), etag: etagOf(json) }, tags: [readTags.clan(slug)] };
  };
  /** computeAhead's work, answering every URL with `slug`'s answer once `released` resolves. */
  const answersOnceReleased = (slug: string, released: Promise<void>) => async (urls: string[]) => {
    await released;
    return new Map(urls.map((url) => [url, aheadAnswer(slug)]));
  };

  it('serves an answer computed ahead without its handler, to a reader arriving while it is computed too', async () => {
    let release: () => void = () => undefined;
    const computing = cache.computeAhead(['/clan/ahead-a'], answersOnceReleased('ahead-a', new Promise((resolve) => {
      release = resolve;
    })));
    const before = handlerCalls;
    const reading = app.inject({ url: '/clan/ahead-a' });
    release();
    await computing;
    const response = await reading;
    expect([response.headers['x-cache'], response.body]).toEqual(['ahead', aheadJson('ahead-a')]);
    expect(handlerCalls).toBe(before);
  });

  it('sends an answer computed ahead in its brotli bytes as computed, and its JSON read back to a client taking no brotli', async () => {
    const answer = aheadAnswer('ahead-c');
    await cache.computeAhead(['/clan/ahead-c'], async (urls) => new Map(urls.map((url) => [url, answer])));
    const inBrotli = await app.inject({ url: '/clan/ahead-c', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([inBrotli.headers['content-encoding'], inBrotli.headers.etag]).toEqual(['br', answer.page.etag]);
    expect(inBrotli.rawPayload.equals(answer.page.brotli)).toBe(true);
    const inGzip = await app.inject({ url: '/clan/ahead-c', headers: { 'accept-encoding': 'gzip' } });
    expect([inGzip.headers['x-cache'], inGzip.headers['content-encoding']]).toEqual(['ahead', undefined]);
    expect(inGzip.body).toBe(aheadJson('ahead-c'));
    const plain = await app.inject({ url: '/clan/ahead-c' });
    expect([plain.headers['x-cache'], plain.body]).toEqual(['ahead', aheadJson('ahead-c')]);
  });

  it('keeps no answer computed ahead across a change of its tags, nor any when computing failed: their readers compute', async () => {
    let release: () => void = () => undefined;
    const computing = cache.computeAhead(['/clan/ahead-b'], answersOnceReleased('ahead-b', new Promise((resolve) => {
      release = resolve;
    })));
    await app.leagueDataChanges.announce(clanChange('ahead-b'));
    release();
    await computing;
    expect((await app.inject({ url: '/clan/ahead-b' })).headers['x-cache']).toBe('miss');
    await expect(cache.computeAhead(['/clan/ahead-d'], async () => {
      throw new Error('the database went away');
    })).rejects.toThrow('the database went away');
    const before = handlerCalls;
    expect((await app.inject({ url: '/clan/ahead-d' })).headers['x-cache']).toBe('miss');
    expect(handlerCalls).toBe(before + 1);
  });

  it('names the answers read lately that a change clears, not those read once nor those every change clears', async () => {
    for (const url of ['/clan/again', '/clan/again', '/clan/once', '/standings?case=again', '/standings?case=again', '/clan/untouched', '/clan/untouched']) {
      await app.inject({ url });
    }
    const readAt = Date.now();
    await app.leagueDataChanges.announce(clanChange('again', 'once'));
    expect([...clearedWhileRead.keys()]).toEqual(['/clan/again']);
    expect(clearedWhileRead.get('/clan/again')).toBeLessThanOrEqual(readAt);
    expect((await app.inject({ url: '/clan/untouched' })).headers['x-cache']).toBe('hit');
    await app.leagueDataChanges.announce(EVERYTHING);
    expect(clearedWhileRead.size).toBe(0);
  });

  /** The app computing `url` aside, as read-again-ahead.ts does, for an answer last read at `lastReadAt`. */
  const computeAgain = (url: string, lastReadAt = Date.now()) =>
    cache.computeAgain(url, lastReadAt, 'again-token', (aside: string) => app.inject({ url: aside, headers: { [ASIDE_HEADER]: 'again-token' } }));

  it('names an answer computed again while it is still read, and leaves it once nobody read it for 30 seconds', async () => {
    await app.inject({ url: '/clan/chain' });
    await app.inject({ url: '/clan/chain' });
    await app.leagueDataChanges.announce(clanChange('chain'));
    const lastReadAt = clearedWhileRead.get('/clan/chain')!;
    await computeAgain('/clan/chain', lastReadAt);
    // Computed again and not read since: its readers were reading it a moment ago, so the next change names it.
    await app.leagueDataChanges.announce(clanChange('chain'));
    expect(clearedWhileRead.get('/clan/chain')).toBe(lastReadAt);
    await computeAgain('/clan/chain', lastReadAt);
    vi.useFakeTimers({ toFake: ['Date'], now: lastReadAt + 30_001 });
    try {
      await app.leagueDataChanges.announce(clanChange('chain'));
      expect(clearedWhileRead.has('/clan/chain')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('computes a cleared answer again aside and serves it as computed ahead, with what changed', async () => {
    await app.inject({ url: '/clan/recomputed' });
    standingsVersion = 30;
    await app.leagueDataChanges.announce(clanChange('recomputed'));
    await computeAgain('/clan/recomputed');
    const before = handlerCalls;
    const answer = await app.inject({ url: '/clan/recomputed' });
    expect([answer.headers['x-cache'], answer.json()]).toEqual(['ahead', { clan: 'recomputed', version: 30 }]);
    expect(handlerCalls).toBe(before);
  });

  it('computes nothing again for an answer a reader computed first, and keeps none a change of its tags came across', async () => {
    await app.inject({ url: '/clan/first' });
    const before = handlerCalls;
    await computeAgain('/clan/first');
    expect(handlerCalls).toBe(before);

    const entered = new Promise<void>((resolve) => {
      slowEntered = resolve;
    });
    const computing = computeAgain('/slow-clan/crossed');
    await entered;
    await app.leagueDataChanges.announce(clanChange('crossed'));
    releaseSlow();
    await computing;
    const entering = new Promise<void>((resolve) => {
      slowEntered = resolve;
    });
    const reading = app.inject({ url: '/slow-clan/crossed' });
    await Promise.race([entering.then(() => releaseSlow()), reading]);
    expect((await reading).headers['x-cache']).toBe('miss');
  });

  it('lets the least recently read answers go first when full', async () => {
    const small = createPublicReadCache({ maxEntries: 2 });
    const answerAll = async (urls: string[]) => new Map(urls.map((url) => [url, aheadAnswer('small')]));
    await small.computeAhead(['/a', '/b'], answerAll);
    expect(small.lookup('/a')).toBeDefined();
    await small.computeAhead(['/c'], answerAll);
    expect([small.lookup('/a'), small.lookup('/b'), small.lookup('/c')].map((answer) => answer !== undefined)).toEqual([true, false, true]);
  });
});
