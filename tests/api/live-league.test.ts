import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureLeagues } from '../../server/db/seed.js';
import { IngestWriter } from '../../server/modules/ingest/ingest-writer.js';
import { markIngestRunning, type LeagueDataChange } from '../../server/modules/ingest/ingest-api.js';
import { startLiveLeague, type LiveLeague } from '../../server/modules/ingest/live/live-league.js';
import { generateLeague } from '../../server/modules/ingest/simulated/league-generator.js';
import { SMALL_LEAGUE } from '../helpers/league-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const { endAt, ...generation } = SMALL_LEAGUE;
const quiet = { info: () => undefined, warn: () => undefined };

describe('INGEST_LIVE: the simulated league keeps playing', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let clock = endAt!.getTime();
  let live: LiveLeague | undefined;
  /** The seconds each interval's write took, as the live league tells them (the live bench reports them). */
  const intervals: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    await ensureLeagues(db.prisma);
    pool = new pg.Pool({ connectionString: db.url, max: 3 });
    await IngestWriter.run(pool, generateLeague(SMALL_LEAGUE));
    live = await startLiveLeague({
      pool, intervalSeconds: 3600, logger: quiet, now: () => new Date(clock), league: generation, onInterval: (seconds) => intervals.push(seconds),
    });
  });
  afterAll(async () => {
    await live?.stop();
    await pool.end();
    await db.drop();
  });

  const count = async (sql: string) => Number((await pool.query<{ n: string }>(sql)).rows[0]!.n);

  it('starts a recording match, shows its clans as updating, then completes and rates it', async () => {
    const matchesBefore = await count('SELECT count(*) AS n FROM matches');
    clock += 60_000;
    await live!.tick();

    const started = await pool.query<{ external_id: string; status: string; blue_clan_id: number; red_clan_id: number }>(
      `SELECT external_id, status, blue_clan_id, red_clan_id FROM matches WHERE external_id LIKE 'sim-live-%'`,
    );
    expect(started.rows).toHaveLength(1);
    const match = started.rows[0]!;
    expect(match.status).toBe('recording');
    expect(await count('SELECT count(*) AS n FROM matches')).toBe(matchesBefore + 1);
    const states = await pool.query<{ running: boolean }>('SELECT running FROM ingest_states WHERE clan_id = ANY($1)', [
      [match.blue_clan_id, match.red_clan_id],
    ]);
    expect(states.rows.map((row) => row.running)).toEqual([true, true]);

    // An hour later the match is over: the next interval completes it (and starts another).
    clock += 3_600_000;
    await live!.tick();
    const done = await pool.query<{ status: string; winner: string | null; rated: string }>(
      `SELECT m.status, m.winner, (SELECT count(*) FROM match_players mp WHERE mp.match_id = m.id AND mp.rating_after IS NOT NULL) AS rated
       FROM matches m WHERE external_id = $1`,
      [match.external_id],
    );
    expect(done.rows[0]).toMatchObject({ status: 'complete' });
    expect(done.rows[0]!.winner).not.toBeNull();
    expect(Number(done.rows[0]!.rated)).toBeGreaterThanOrEqual(10);
    expect(await count(`SELECT count(*) AS n FROM matches WHERE external_id LIKE 'sim-live-%'`)).toBe(2);
    // Each interval told how long its write took, once it was done.
    expect(intervals).toHaveLength(2);
    for (const seconds of intervals) expect(seconds).toBeGreaterThan(0);
  });

  it('marks a recording match\'s clans once: marked again, they keep their pages and nothing is announced until the mark is half the badge\'s window old', async () => {
    clock += 60_000;
    await live!.tick();
    const recording = await pool.query<{ blue_clan_id: number; red_clan_id: number }>(
      `SELECT blue_clan_id, red_clan_id FROM matches WHERE status = 'recording' AND external_id LIKE 'sim-live-%' ORDER BY started_at DESC LIMIT 1`,
    );
    const clanIds = [recording.rows[0]!.blue_clan_id, recording.rows[0]!.red_clan_id];
    const states = async () => (await pool.query<{ running: boolean; updated_at: Date }>(
      'SELECT running, updated_at FROM ingest_states WHERE clan_id = ANY($1) ORDER BY clan_id', [clanIds],
    )).rows;
    const keptPages = async () => Number((await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM kept_match_pages WHERE owner = ANY($1)`, [clanIds.map((id) => `clan:${id}`)],
    )).rows[0]!.n);
    await pool.query(
      `INSERT INTO kept_match_pages (owner, variant, brotli, etag) SELECT 'clan:' || id, 'members', '\\x00', 'e' FROM unnest($1::int[]) AS id`,
      [clanIds],
    );
    const announced: LeagueDataChange[] = [];
    const announce = async (change: LeagueDataChange) => {
      announced.push(change);
    };
    const before = await states();
    expect(before.map((state) => state.running)).toEqual([true, true]);

    // The live league marks its recording clans every interval: nothing changes for them.
    await markIngestRunning(pool, clanIds, true, announce);
    expect(await states()).toEqual(before);
    expect(await keptPages()).toBe(2);
    expect(announced).toEqual([]);

    // Six minutes later (past half of the badge's ten) the mark is renewed, so the badge shows while the match records.
    await pool.query(`UPDATE ingest_states SET updated_at = updated_at - interval '6 minutes' WHERE clan_id = ANY($1)`, [clanIds]);
    await markIngestRunning(pool, clanIds, true, announce);
    const renewed = await states();
    for (const [index, state] of renewed.entries()) expect(state.updated_at.getTime()).toBeGreaterThan(before[index]!.updated_at.getTime() - 60_000);
    expect(await keptPages()).toBe(0);
    const slugs = (await pool.query<{ slug: string }>('SELECT slug FROM clans WHERE id = ANY($1)', [clanIds])).rows.map((row) => row.slug);
    expect(announced).toEqual([expect.objectContaining({ clans: expect.arrayContaining(slugs) })]);
  });

  it('a restarted server completes the live matches the stopped one left recording, and their clans stop updating', async () => {
    clock += 60_000;
    await live!.tick();
    const left = await pool.query<{ external_id: string; blue_clan_id: number; red_clan_id: number }>(
      `SELECT external_id, blue_clan_id, red_clan_id FROM matches WHERE status = 'recording' AND external_id LIKE 'sim-live-%'`,
    );
    expect(left.rows.length).toBeGreaterThanOrEqual(1);
    await live!.stop();

    live = await startLiveLeague({ pool, intervalSeconds: 3600, logger: quiet, now: () => new Date(clock), league: generation });
    clock += 3_600_000;
    await live!.tick();
    const statuses = await pool.query<{ status: string }>('SELECT status FROM matches WHERE external_id = ANY($1)', [
      left.rows.map((row) => row.external_id),
    ]);
    expect(statuses.rows.map((row) => row.status)).toEqual(left.rows.map(() => 'complete'));
    // Only the match the new process just started is still recording.
    expect(await count(`SELECT count(*) AS n FROM matches WHERE status = 'recording' AND external_id LIKE 'sim-live-%'`)).toBe(1);
  });

  it('stays off when the database holds no simulated league', async () => {
    const empty = await createTestDatabase(inject('maintenanceUrl'));
    const emptyPool = new pg.Pool({ connectionString: empty.url, max: 1 });
    try {
      expect(await startLiveLeague({ pool: emptyPool, intervalSeconds: 60, logger: quiet })).toBeUndefined();
    } finally {
      await emptyPool.end();
      await empty.drop();
    }
  });
});
