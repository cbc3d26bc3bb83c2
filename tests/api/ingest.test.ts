import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ClanRecord, IngestRecord, MatchRecord } from '../../server/contracts/ingest-record.js';
import { ensureLeagues } from '../../server/db/seed.js';
import { IngestWriter } from '../../server/modules/ingest/ingest-writer.js';
import { readNdjsonRecords } from '../../server/modules/ingest/ndjson-source.js';
import { rebuildAllRatings } from '../../server/modules/ingest/rebuild.js';
import { generateLeague } from '../../server/modules/ingest/simulated/league-generator.js';
import { pickMvp } from '../../server/modules/rating/mvp.js';
import { captureQueries } from '../helpers/captured-queries.js';
import { leagueFigures as figures } from '../helpers/league-figures.js';
import { TEST_LEAGUE_END_AT } from '../helpers/league-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const maintenanceUrl = inject('maintenanceUrl');
const LEAGUE_OPTIONS = { seed: 'ingest-test', players: 400, clans: 16, matches: 1500, days: 30, endAt: TEST_LEAGUE_END_AT };

/** The same small simulated league every test reads. */
const records: IngestRecord[] = [...generateLeague(LEAGUE_OPTIONS)];
const matches = records.filter((record): record is MatchRecord => record.type === 'match');

interface Fixture {
  db: TestDatabase;
  pool: pg.Pool;
}

const fixtures: Fixture[] = [];
async function freshDatabase(): Promise<Fixture> {
  const db = await createTestDatabase(maintenanceUrl);
  await ensureLeagues(db.prisma);
  const fixture = { db, pool: new pg.Pool({ connectionString: db.url, max: 3 }) };
  fixtures.push(fixture);
  return fixture;
}

afterAll(async () => {
  for (const fixture of fixtures) {
    await fixture.pool.end();
    await fixture.db.drop();
  }
});

/** Every clan's division and name, every player's clan and nickname, and every membership event. */
async function rosters(pool: pg.Pool) {
  const read = async (sql: string) => (await pool.query(sql)).rows;
  return {
    clans: await read(`SELECT c.slug, c.name, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id ORDER BY 1`),
    players: await read(`SELECT p.enlistment_no, p.nickname, c.slug AS clan FROM players p LEFT JOIN clans c ON c.id = p.clan_id ORDER BY 1`),
    events: await read(`SELECT player_id, action, from_clan_id, to_clan_id, at FROM membership_events ORDER BY player_id, at, id`),
  };
}

describe('ingesting the simulated league', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await freshDatabase();
    const summary = await IngestWriter.run(fixture.pool, records, { batchSize: 400 });
    expect(summary.newMatches).toBe(matches.length);
  });

  it('stores every match, recording ones without details, the others with both teams', async () => {
    const { rows } = await fixture.pool.query(`SELECT status, count(*)::int AS n FROM matches GROUP BY status ORDER BY status`);
    const recording = matches.filter((match) => match.status === 'recording').length;
    expect(rows).toEqual([
      { status: 'recording', n: recording },
      { status: 'complete', n: matches.length - recording },
    ]);
    const playerRows = await fixture.pool.query(`SELECT count(*)::int AS n FROM match_players`);
    expect(playerRows.rows[0].n).toBe(matches.reduce((sum, match) => sum + match.players.length, 0));
  });

  it('keeps each league balanced: every decided match is one win and one loss', async () => {
    const { rows } = await fixture.pool.query(
      `SELECT league_id, sum(wins)::int AS wins, sum(losses)::int AS losses, sum(draws)::int AS draws, sum(matches)::int AS matches
       FROM clan_stats GROUP BY league_id`,
    );
    for (const row of rows) {
      expect(row.wins).toBe(row.losses);
      expect(row.wins + row.losses + row.draws).toBe(row.matches);
    }
    const finished = matches.filter((match) => match.status === 'complete').length;
    expect(rows.reduce((sum, row) => sum + row.matches, 0)).toBe(finished * 2);
  });

  it('stores the rating before and after on every row, chaining from 1000', async () => {
    const { rows } = await fixture.pool.query(
      `SELECT clan_id, league_id, rating_before, rating_after FROM clan_matches WHERE result IS NOT NULL
       ORDER BY clan_id, league_id, started_at, match_id`,
    );
    let previous: { key: string; after: number } | null = null;
    for (const row of rows) {
      const key = `${row.clan_id}:${row.league_id}`;
      expect(row.rating_before).toBe(previous?.key === key ? previous.after : 1000);
      previous = { key, after: row.rating_after };
    }
    const stats = await fixture.pool.query(`SELECT clan_id, league_id, rating FROM clan_stats`);
    const last = new Map(rows.map((row) => [`${row.clan_id}:${row.league_id}`, row.rating_after]));
    for (const stat of stats.rows) expect(stat.rating).toBe(last.get(`${stat.clan_id}:${stat.league_id}`));
  });

  it('marks as MVP the winner the spec formula picks', async () => {
    const sample = matches.filter((match) => match.status === 'complete').slice(0, 200);
    const { rows } = await fixture.pool.query(
      `SELECT m.external_id, p.enlistment_no FROM matches m LEFT JOIN players p ON p.id = m.mvp_player_id
       WHERE m.external_id = ANY($1)`,
      [sample.map((match) => match.matchId)],
    );
    const stored = new Map(rows.map((row) => [row.external_id, row.enlistment_no]));
    for (const match of sample) expect(stored.get(match.matchId)).toBe(pickMvp(match.players, match.winner!));
  });

  it('records clan moves as join, leave and change events', async () => {
    const { rows } = await fixture.pool.query(`SELECT action, count(*)::int AS n FROM membership_events GROUP BY action`);
    const actions = Object.fromEntries(rows.map((row) => [row.action, row.n]));
    expect(actions.join).toBeGreaterThan(0);
    expect(actions.change).toBeGreaterThan(0);
    expect(actions.leave).toBeGreaterThan(0);
  });

  it('changes nothing when the same records arrive again: matches, clans, players and their moves', async () => {
    const before = await figures(fixture.pool);
    const rosterBefore = await rosters(fixture.pool);
    const summary = await IngestWriter.run(fixture.pool, records);
    expect(summary).toMatchObject({
      newMatches: 0, changedMatches: 0, unchangedMatches: matches.length, replayedLeagues: [], clans: 0, players: 0,
    });
    expect(await figures(fixture.pool)).toEqual(before);
    expect(await rosters(fixture.pool)).toEqual(rosterBefore);
  });

  it('an older clan record arriving late never moves a clan back to its old division', async () => {
    const moved = records.find((record, index): record is ClanRecord =>
      record.type === 'clan' && records.slice(0, index).some((earlier) => earlier.type === 'clan' && earlier.slug === record.slug))!;
    const original = records.find((record): record is ClanRecord => record.type === 'clan' && record.slug === moved.slug)!;
    const current = await fixture.pool.query(`SELECT l.slug FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.slug = $1`, [moved.slug]);
    const summary = await IngestWriter.run(fixture.pool, [original]);
    expect(summary.clans).toBe(0);
    const after = await fixture.pool.query(`SELECT l.slug FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.slug = $1`, [moved.slug]);
    expect(after.rows).toEqual(current.rows);
  });

  it('a full ratings rebuild from history reproduces the figures kept during ingest', async () => {
    const before = await figures(fixture.pool);
    const result = await rebuildAllRatings(fixture.pool);
    expect(result.matches).toBe(matches.filter((match) => match.status === 'complete').length);
    expect(await figures(fixture.pool)).toEqual(before);
  });

  it('a ratings rebuild puts right figures and rated rows that are wrong, missing or left over', async () => {
    const before = await figures(fixture.pool);
    const wrong = (sql: string) => fixture.pool.query(sql);
    await wrong(`UPDATE player_stats SET rating = rating + 7, recent_results = 'W' WHERE player_id IN (SELECT player_id FROM player_stats ORDER BY player_id LIMIT 5)`);
    await wrong(`DELETE FROM clan_stats WHERE clan_id = (SELECT min(clan_id) FROM clan_stats)`);
    await wrong(`UPDATE player_opponent_stats SET wins = wins + 1 WHERE player_id = (SELECT min(player_id) FROM player_opponent_stats)`);
    await wrong(`DELETE FROM clan_opponent_stats WHERE clan_id = (SELECT max(clan_id) FROM clan_opponent_stats)`);
    await wrong(`INSERT INTO player_opponent_stats (player_id, league_id, opponent_clan_id, matches, wins)
      SELECT p.id, s.league_id, c.id, 1, 1 FROM players p, clans c, (SELECT league_id FROM player_stats LIMIT 1) s
      WHERE NOT EXISTS (SELECT 1 FROM player_opponent_stats o WHERE o.player_id = p.id AND o.opponent_clan_id = c.id AND o.league_id = s.league_id)
      LIMIT 3`);
    await wrong(`UPDATE match_players SET rating_after = rating_after + 1, is_mvp = NOT is_mvp WHERE match_id = (SELECT min(match_id) FROM match_players WHERE result IS NOT NULL)`);
    await wrong(`UPDATE clan_matches SET result = NULL WHERE match_id = (SELECT max(match_id) FROM clan_matches WHERE result IS NOT NULL)`);
    await wrong(`UPDATE matches SET mvp_player_id = NULL WHERE id = (SELECT min(id) FROM matches WHERE mvp_player_id IS NOT NULL)`);
    expect(await figures(fixture.pool)).not.toEqual(before);
    await rebuildAllRatings(fixture.pool);
    expect(await figures(fixture.pool)).toEqual(before);
  });
});

describe('a league ingested in several runs', () => {
  it('ends where one load into the empty league ends, the later runs saving batch by batch', async () => {
    const whole = await freshDatabase();
    await IngestWriter.run(whole.pool, records, { batchSize: 400 });

    const inRuns = await freshDatabase();
    const third = Math.floor(records.length / 3);
    await IngestWriter.run(inRuns.pool, records.slice(0, third), { batchSize: 400 });
    await IngestWriter.run(inRuns.pool, records.slice(third, 2 * third), { batchSize: 150 });
    const last = await IngestWriter.run(inRuns.pool, records.slice(2 * third), { batchSize: 150 });
    expect(last.replayedLeagues).toEqual([]);
    expect(await figures(inRuns.pool)).toEqual(await figures(whole.pool));
    expect(await rosters(inRuns.pool)).toEqual(await rosters(whole.pool));
  });
});

describe('a league fed a match or a few at a time (the live league)', () => {
  /** The records from `from` on as runs of one match each, the clan and player records before it riding along. */
  function runsOfOneMatch(from: number): IngestRecord[][] {
    const runs: IngestRecord[][] = [];
    let run: IngestRecord[] = [];
    for (const record of records.slice(from)) {
      run.push(record);
      if (record.type === 'match') {
        runs.push(run);
        run = [];
      }
    }
    if (run.length > 0) runs.push(run);
    return runs;
  }

  /** Clan slugs, enlistment numbers and internal ids a run's records name, with the named players' clans then. */
  async function namedBy(pool: pg.Pool, run: IngestRecord[]): Promise<Set<unknown>> {
    const slugs = new Set<string>();
    const enlistmentNos = new Set<string>();
    for (const record of run) {
      if (record.type === 'clan') slugs.add(record.slug);
      if (record.type === 'player') {
        enlistmentNos.add(record.playerId);
        if (record.clanSlug !== null) slugs.add(record.clanSlug);
      }
      if (record.type === 'match') {
        slugs.add(record.blueClanSlug).add(record.redClanSlug);
        for (const row of record.players) enlistmentNos.add(row.playerId);
      }
    }
    const clans = await pool.query<{ id: number }>('SELECT id FROM clans WHERE slug = ANY($1)', [[...slugs]]);
    const players = await pool.query<{ id: number; clan_id: number | null }>(
      'SELECT id, clan_id FROM players WHERE enlistment_no = ANY($1)', [[...enlistmentNos]],
    );
    return new Set<unknown>([
      ...slugs, ...enlistmentNos, ...clans.rows.map((row) => row.id),
      ...players.rows.flatMap((row) => [row.id, row.clan_id]),
    ]);
  }

  /**
   * The whole league loaded at once, and the same league without its last `count` matches (and the records after
   * the first of them), which start at records[cut].
   */
  async function withLastMatchesHeldBack(count: number): Promise<{ whole: Fixture; partial: Fixture; cut: number }> {
    const whole = await freshDatabase();
    await IngestWriter.run(whole.pool, records, { batchSize: 400 });
    const partial = await freshDatabase();
    const cut = records.indexOf(matches[matches.length - count]!);
    await IngestWriter.run(partial.pool, records.slice(0, cut), { batchSize: 400 });
    return { whole, partial, cut };
  }

  it('reads only the clans, players and figures each run names, and ends where one load into the empty league ends', async () => {
    const { whole, partial: live, cut } = await withLastMatchesHeldBack(40);
    for (const run of runsOfOneMatch(cut)) {
      // What a run may ask about: what it names, and the clans its players were in before and after it.
      const before = await namedBy(live.pool, run);
      const reads = await captureQueries(async () => {
        await IngestWriter.run(live.pool, run);
      });
      const named = new Set([...before, ...(await namedBy(live.pool, run))]);
      const entityReads = reads.filter((read) => /\bFROM (clans|players|clan_stats|player_stats)\b/.test(read.text));
      expect(entityReads.length).toBeGreaterThan(0);
      for (const read of entityReads) {
        const keys = read.values.filter(Array.isArray).flat();
        expect(keys.length, read.text).toBeGreaterThan(0);
        expect(keys.filter((key) => !named.has(key)), read.text).toEqual([]);
      }
    }
    expect(await figures(live.pool)).toEqual(await figures(whole.pool));
    expect(await rosters(live.pool)).toEqual(await rosters(whole.pool));
  });

  it("sees another process's write between two runs: the next run goes on from it", async () => {
    const { whole, partial: shared, cut } = await withLastMatchesHeldBack(30);
    // Two writers on their own connections, as the live league and a command-line import run, taking turns.
    const other = new pg.Pool({ connectionString: shared.db.url, max: 2 });
    try {
      for (const [index, run] of runsOfOneMatch(cut).entries()) await IngestWriter.run(index % 2 === 0 ? shared.pool : other, run);
    } finally {
      await other.end();
    }
    expect(await figures(shared.pool)).toEqual(await figures(whole.pool));
    expect(await rosters(shared.pool)).toEqual(await rosters(whole.pool));
  });
});

describe('matches arriving out of time order', () => {
  /** How many finished matches of a league started at or after `at`: what a replay from `at` must rate again. */
  async function finishedFrom(pool: pg.Pool, league: string, at: string): Promise<number> {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM matches WHERE league_id = (SELECT id FROM leagues WHERE slug = $1)
       AND started_at >= $2 AND status = 'complete' AND winner IS NOT NULL`, [league, at]);
    return rows[0].n;
  }

  it('recompute the later ratings of their league from the state just before, ending where in-order ingest ends', async () => {
    const inOrder = await freshDatabase();
    await IngestWriter.run(inOrder.pool, records);

    const outOfOrder = await freshDatabase();
    const late = matches.find((match, index) => match.status === 'complete' && index > matches.length / 3)!;
    await IngestWriter.run(outOfOrder.pool, records.filter((record) => record !== late));
    const laterRowsBefore = await outOfOrder.pool.query(
      `SELECT count(*)::int AS n FROM clan_matches c JOIN matches m ON m.id = c.match_id
       WHERE m.league_id = (SELECT id FROM leagues WHERE slug = $1) AND c.started_at > $2`,
      [late.league, late.startedAt],
    );
    expect(laterRowsBefore.rows[0].n).toBeGreaterThan(0);

    const summary = await IngestWriter.run(outOfOrder.pool, [late]);
    expect(summary.newMatches).toBe(1);
    expect(summary.replayedLeagues).toEqual([late.league]);
    // Only the late match and those after it are rated again, not the league's whole history.
    expect(summary.replayedMatches).toBe(await finishedFrom(outOfOrder.pool, late.league, late.startedAt));
    expect(summary.replayedMatches).toBeLessThan(matches.filter((match) => match.league === late.league).length);
    expect(await figures(outOfOrder.pool)).toEqual(await figures(inOrder.pool));
  });

  const complete = matches.filter((match) => match.status === 'complete' && match.winner !== 'draw');

  /**
   * A corrected record of `changed`: its first player is replaced by a player from elsewhere in the league (so the
   * one who was counted must lose the match from their figures), and the result turns.
   */
  function correctionOf(changed: MatchRecord): MatchRecord {
    const outsider = complete.flatMap((match) => match.players).find((row) => !changed.players.some((player) => player.playerId === row.playerId))!;
    return {
      ...changed,
      blueScore: changed.redScore,
      redScore: changed.blueScore,
      winner: changed.winner === 'blue' ? 'red' : 'blue',
      players: changed.players.map((row, index) => (index === 0 ? { ...outsider, side: row.side } : row)),
    };
  }

  it('a changed old match (other players, another winner) and several late ones in one run end where in-order ingest ends', async () => {
    const changed = complete[Math.floor(complete.length / 4)]!;
    const lateOnes = [complete[Math.floor(complete.length / 2)]!, complete[Math.floor((complete.length * 3) / 4)]!];
    const corrected = correctionOf(changed);
    const final = records.map((record) => (record === changed ? corrected : record));

    const inOrder = await freshDatabase();
    await IngestWriter.run(inOrder.pool, final);

    const patched = await freshDatabase();
    await IngestWriter.run(patched.pool, records.filter((record) => !lateOnes.includes(record as MatchRecord)));
    const summary = await IngestWriter.run(patched.pool, [corrected, ...lateOnes]);
    expect(summary.changedMatches).toBe(1);
    expect(summary.newMatches).toBe(2);
    expect(await figures(patched.pool)).toEqual(await figures(inOrder.pool));
  });

  it('a match sent again changed within one load into the empty league ends as if only its last record had come', async () => {
    const changed = complete[Math.floor(complete.length / 3)]!;
    const corrected = correctionOf(changed);
    const final = records.map((record) => (record === changed ? corrected : record));
    const expected = await freshDatabase();
    await IngestWriter.run(expected.pool, final, { batchSize: 400 });

    // The correction right after the first record (the same batch), and at the end of the file (a later batch,
    // after the first version was rated into the figures the load keeps until its end).
    const index = records.indexOf(changed);
    const sameBatch = [...records.slice(0, index + 1), corrected, ...records.slice(index + 1)];
    const laterBatch = [...records, corrected];
    for (const file of [sameBatch, laterBatch]) {
      const fixture = await freshDatabase();
      const summary = await IngestWriter.run(fixture.pool, file, { batchSize: 400 });
      expect(summary).toMatchObject({ newMatches: matches.length, changedMatches: 1 });
      expect(await figures(fixture.pool)).toEqual(await figures(expected.pool));
      expect(await rosters(fixture.pool)).toEqual(await rosters(expected.pool));
    }
  });

  it('a recording match completed later gets its details and ratings', async () => {
    const fixture = await freshDatabase();
    const finished = matches.find((match) => match.status === 'complete')!;
    const recording: MatchRecord = { ...finished, status: 'recording', players: [], blueScore: null, redScore: null, winner: null };
    const first = await IngestWriter.run(fixture.pool, [recording]);
    expect(first.newMatches).toBe(1);
    let stored = await fixture.pool.query(`SELECT status, mvp_player_id FROM matches WHERE external_id = $1`, [finished.matchId]);
    expect(stored.rows[0]).toEqual({ status: 'recording', mvp_player_id: null });

    const second = await IngestWriter.run(fixture.pool, [finished]);
    expect(second.changedMatches).toBe(1);
    stored = await fixture.pool.query(
      `SELECT m.status, count(mp.*)::int AS rows, count(mp.rating_after)::int AS rated FROM matches m
       JOIN match_players mp ON mp.match_id = m.id WHERE m.external_id = $1 GROUP BY m.status`,
      [finished.matchId],
    );
    expect(stored.rows[0]).toEqual({ status: 'complete', rows: finished.players.length, rated: finished.players.length });
  });
});

describe('the NDJSON file import', () => {
  it('imports a file, imports it again without changes, and names the first bad line', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sal-ndjson-'));
    const file = path.join(dir, 'league.ndjson');
    const sample = records.slice(0, 600);
    await writeFile(file, `${sample.map((record) => JSON.stringify(record)).join('\n')}\n\n`);

    const fixture = await freshDatabase();
    const first = await IngestWriter.run(fixture.pool, readNdjsonRecords(file));
    const sampleMatches = sample.filter((record) => record.type === 'match').length;
    expect(first.newMatches).toBe(sampleMatches);
    const again = await IngestWriter.run(fixture.pool, readNdjsonRecords(file));
    expect(again).toMatchObject({ newMatches: 0, changedMatches: 0, unchangedMatches: sampleMatches });

    const bad = path.join(dir, 'bad.ndjson');
    await writeFile(bad, `${JSON.stringify(sample[0])}\n{"type":"match","matchId":"m-1"}\n`);
    await expect(IngestWriter.run(fixture.pool, readNdjsonRecords(bad))).rejects.toThrow(/^line 2 of the file: match record/);
    await writeFile(bad, 'not json\n');
    await expect(IngestWriter.run(fixture.pool, readNdjsonRecords(bad))).rejects.toThrow('line 1 of the file: not valid JSON');
  });

  it('names the line of a match that breaks a rule the schema cannot express, and stores none of it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sal-ndjson-rules-'));
    const file = path.join(dir, 'bad.ndjson');
    const complete = matches.find((match) => match.status === 'complete' && match.winner !== 'draw')!;
    const [first, second] = complete.players;
    const cases: [MatchRecord, RegExp][] = [
      [{ ...complete, winner: complete.winner === 'blue' ? 'red' : 'blue' }, /winner "(blue|red)" disagrees with the score/],
      [{ ...complete, winner: null }, /a complete match needs blueScore, redScore and winner/],
      [{ ...complete, redClanSlug: complete.blueClanSlug }, /two different clans/],
      [{ ...complete, players: [first!, { ...second!, playerId: first!.playerId }] }, new RegExp(`player ${first!.playerId} appears twice`)],
      [{ ...complete, players: [{ ...first!, kill: 1, headshot: 2 }] }, /more headshots \(2\) than kills \(1\)/],
    ];
    const fixture = await freshDatabase();
    for (const [record, message] of cases) {
      await writeFile(file, `${JSON.stringify(record)}\n`);
      await expect(IngestWriter.run(fixture.pool, readNdjsonRecords(file))).rejects.toThrow(message);
      await expect(IngestWriter.run(fixture.pool, readNdjsonRecords(file))).rejects.toThrow(/^line 1 of the file: match record: /);
    }
    expect((await fixture.pool.query('SELECT count(*)::int AS n FROM matches')).rows[0].n).toBe(0);
  });
});
