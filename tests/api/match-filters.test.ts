import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import type { ClanMatchesResponse, PlayerRecentResponse } from '../../server/contracts/matches.js';
import { IngestWriter } from '../../server/modules/ingest/ingest-writer.js';
import { captureQueries } from '../helpers/captured-queries.js';
import { busiestClan, readOk } from '../helpers/league-reads.js';
import { clanEntries, koreanDayOf, playerEntries, type ClanMatchEntry, type PlayerMatchEntry } from '../helpers/league-records.js';
import { useLeagueTestApp } from '../factories/app.js';

/**
 * Match list filters: the server narrows a clan's or a player's list by map, result, opponent clan and
 * Korean days, and the answer's total and counts are those of the filtered list (counts add up to the total and
 * equal the filtered rows), page after page with the anchor. Expectations come from the ingested records.
 */
describe('filtered match lists', () => {
  // Without the public-read cache: no match details are made ready with a list (their statements are the details'
  // own: tests/api/details-ahead.test.ts), so a page's statements are counted alone.
  const context = useLeagueTestApp(undefined, {}, { publicReadCache: false });
  let clan: { slug: string; league: string };
  let player: { id: string; league: string };

  const read = <T>(url: string) => readOk<T>(context, url);

  /** Every page of a list (page size 7, so most filters take several pages), each later page with the anchor. */
  async function readAll<T extends ClanMatchesResponse | PlayerRecentResponse>(base: string) {
    const first = await read<T>(`${base}&skip=0&limit=7`);
    const rows: T['data'][number][] = [...first.data];
    for (let skip = 7; skip < first.total; skip += 7) {
      const page = await read<T>(`${base}&skip=${skip}&limit=7&anchor=${first.anchor}`);
      expect(page.total).toBe(first.total);
      rows.push(...page.data);
    }
    return { first, rows };
  }

  /** The count of each result among the entries, as the list's counts name them. */
  function tally(entries: readonly { result: string | null }[]) {
    const count = (result: string | null) => entries.filter((entry) => entry.result === result).length;
    return { win: count('win'), lose: count('lose'), draw: count('draw'), unknown: count(null) };
  }

  const clanUrl = (query: string) => `/api/league/${clan.league}/clan-matches/${clan.slug}?onlySAL=1&preferSlug=${clan.slug}&${query}`;

  async function expectClanList(query: string, keep: (entry: ClanMatchEntry) => boolean) {
    const expected = clanEntries(context.records, clan.slug, clan.league).filter(keep);
    expect(expected.length, `${query} should select some of the clan's matches`).toBeGreaterThan(0);
    const { first, rows } = await readAll<ClanMatchesResponse>(clanUrl(query));
    expect(first.total).toBe(expected.length);
    expect(first.counts).toEqual(tally(expected));
    expect(first.counts.win + first.counts.lose + first.counts.draw + first.counts.unknown).toBe(first.total);
    expect(rows.map((row) => row.matchId).sort()).toEqual(expected.map((entry) => entry.match.matchId).sort());
    const times = rows.map((row) => Date.parse(row.startAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    return rows;
  }

  beforeAll(async () => {
    // The clan with most matches in the league it plays in now, and the player with most rows in a league.
    clan = await busiestClan(context.pool);
    const players = await context.pool.query<{ id: string; league: string }>(
      `SELECT p.enlistment_no AS id, l.slug AS league FROM player_stats s JOIN players p ON p.id = s.player_id
       JOIN leagues l ON l.id = s.league_id ORDER BY s.matches DESC, p.enlistment_no LIMIT 1`,
    );
    player = players.rows[0]!;
  });

  describe('a clan\'s list', () => {
    it('by map: only that map\'s matches, on every page, with the total and counts of that map', async () => {
      const maps = new Map<string, number>();
      for (const entry of clanEntries(context.records, clan.slug, clan.league)) {
        if (entry.match.map) maps.set(entry.match.map, (maps.get(entry.match.map) ?? 0) + 1);
      }
      const [mostPlayed, secondPlayed] = [...maps.entries()].sort((a, b) => b[1] - a[1]).map(([map]) => map);
      for (const map of [mostPlayed!, secondPlayed!]) {
        const rows = await expectClanList(`map=${encodeURIComponent(map)}`, (entry) => entry.match.map === map);
        expect(rows.every((row) => row.map === map)).toBe(true);
      }
    });

    it('by result, by opponent, by Korean days and by all of them at once', async () => {
      const entries = clanEntries(context.records, clan.slug, clan.league);
      await expectClanList('result=win', (entry) => entry.result === 'win');
      await expectClanList('result=lose', (entry) => entry.result === 'lose');
      const opponent = entries[0]!.opponentSlug;
      await expectClanList(`opponent=${opponent}`, (entry) => entry.opponentSlug === opponent);

      // The days of the 10th to the 30th newest matches, both included, in Korean time.
      const to = koreanDayOf(entries[9]!.match.startedAt);
      const from = koreanDayOf(entries[29]!.match.startedAt);
      const inDays = (entry: ClanMatchEntry) => {
        const day = koreanDayOf(entry.match.startedAt);
        return day >= from && day <= to;
      };
      await expectClanList(`from=${from}&to=${to}`, inDays);
      const map = entries.find((entry) => inDays(entry) && entry.result === 'win')!.match.map!;
      const rows = await expectClanList(
        `from=${from}&to=${to}&result=win&map=${encodeURIComponent(map)}`,
        (entry) => inDays(entry) && entry.result === 'win' && entry.match.map === map,
      );
      expect(rows.every((row) => row.result === 'win')).toBe(true);
    });

    it('a filter that matches nothing answers an empty list with zero counts', async () => {
      const page = await read<ClanMatchesResponse>(clanUrl('map=없는맵&skip=0&limit=10'));
      expect(page).toMatchObject({ data: [], total: 0, hasMore: false, counts: { win: 0, lose: 0, draw: 0, unknown: 0 } });
    });

    it('keeps a reader\'s filtered pages in place while a match on that map arrives', async () => {
      const entries = clanEntries(context.records, clan.slug, clan.league);
      const newest = entries.find((entry) => entry.result !== null)!;
      const map = newest.match.map!;
      const base = clanUrl(`map=${encodeURIComponent(map)}`);
      const before = await read<ClanMatchesResponse>(`${base}&skip=0&limit=10`);
      const page1 = await read<ClanMatchesResponse>(`${base}&skip=0&limit=5`);

      const arrived: MatchRecord = {
        ...newest.match, matchId: 'filters-new-1', startedAt: new Date(Date.parse(entries[0]!.match.startedAt) + 60_000).toISOString(),
      };
      // Announced to the app as its own write, so the next read cannot come before the app hears of it.
      await IngestWriter.run(context.pool, [arrived], { announce: context.app.leagueDataChanges.announce });
      // The league now holds it: later expectations count it too.
      context.records.push(arrived);

      const page2 = await read<ClanMatchesResponse>(`${base}&skip=5&limit=5&anchor=${page1.anchor}`);
      expect([...page1.data, ...page2.data].map((row) => row.matchId)).toEqual(before.data.map((row) => row.matchId));
      expect(page2.total).toBe(page1.total);
      const fresh = await read<ClanMatchesResponse>(`${base}&skip=0&limit=5`);
      expect(fresh.data[0]!.matchId).toBe('filters-new-1');
      expect(fresh.total).toBe(page1.total + 1);
    });
  });

  describe('a player\'s list', () => {
    const playerUrl = (query: string) => `/api/league/player/${player.id}/recent?onlySAL=1&league=${player.league}&${query}`;

    async function expectPlayerList(query: string, keep: (entry: PlayerMatchEntry) => boolean) {
      const expected = playerEntries(context.records, player.id, player.league).filter(keep);
      expect(expected.length, `${query} should select some of the player's matches`).toBeGreaterThan(0);
      const { first, rows } = await readAll<PlayerRecentResponse>(playerUrl(query));
      const counted = expected.filter((entry) => !entry.row.dropout);
      expect(first.total).toBe(expected.length);
      expect(first.counts).toEqual({ ...tally(counted), dropout: expected.length - counted.length });
      const { win, lose, draw, unknown, dropout } = first.counts;
      expect(win + lose + draw + unknown + dropout).toBe(first.total);
      expect(rows.map((row) => row.matchId).sort()).toEqual(expected.map((entry) => entry.match.matchId).sort());
      return rows;
    }

    it('by map, by opponent and by days, dropouts listed and counted apart', async () => {
      const entries = playerEntries(context.records, player.id, player.league);
      const map = entries[0]!.match.map!;
      const rows = await expectPlayerList(`map=${encodeURIComponent(map)}`, (entry) => entry.match.map === map);
      expect(rows.every((row) => row.map === map)).toBe(true);
      const opponent = entries[0]!.opponentSlug;
      await expectPlayerList(`opponent=${opponent}`, (entry) => entry.opponentSlug === opponent);
      const to = koreanDayOf(entries[0]!.match.startedAt);
      const from = koreanDayOf(entries[Math.min(entries.length - 1, 25)]!.match.startedAt);
      await expectPlayerList(`from=${from}&to=${to}`, (entry) => {
        const day = koreanDayOf(entry.match.startedAt);
        return day >= from && day <= to;
      });
    });

    it('by result: the record\'s wins (a win the player left early is no win of theirs)', async () => {
      const rows = await expectPlayerList('result=win', (entry) => entry.result === 'win' && !entry.row.dropout);
      expect(rows.every((row) => row.result === 'win' && !row.dropout)).toBe(true);
      await expectPlayerList('result=lose', (entry) => entry.result === 'lose' && !entry.row.dropout);
    });
  });

  describe('bad filters are refused with a clear 400, never a 500', () => {
    it.each([
      ['result=won', 'validation_failed'],
      ['from=2026-02-30', 'invalid_filter_day'],
      ['from=26-1-1', 'validation_failed'],
      ['to=2026-13-01', 'invalid_filter_day'],
      ['from=2026-03-02&to=2026-03-01', 'invalid_filter_range'],
      ['opponent=no-such-clan', 'unknown_opponent'],
      [`map=${'맵'.repeat(61)}`, 'validation_failed'],
    ])('%s', async (query, code) => {
      for (const url of [clanUrl(`${query}&limit=10`), `/api/league/player/${player.id}/recent?onlySAL=1&${query}`]) {
        const response = await context.app.inject({ url: encodeURI(url) });
        expect(response.statusCode, url).toBe(400);
        const body = response.json<{ error: string; message: string }>();
        expect(body.error).toBe(code);
        expect(body.message).toMatch(/[가-힣]/);
      }
    });

    it('a single day (from = to) is that whole Korean day', async () => {
      const entries = clanEntries(context.records, clan.slug, clan.league);
      const day = koreanDayOf(entries[5]!.match.startedAt);
      await expectClanList(`from=${day}&to=${day}`, (entry) => koreanDayOf(entry.match.startedAt) === day);
    });
  });

  describe('each page is one statement', () => {
    // Each address below is read here for the first time (page sizes no other test asks for); a first read of
    // another size builds the league snapshots any read needs. Not
    // counted: the data version check of those snapshots, one statement a second for the whole app whichever
    // request comes first (stats-core/league-snapshots.ts). The clock stands still while a test counts: on a busy
    // machine a snapshot built by the warming read could otherwise reach its longest age (a minute) between that
    // read and the counted one and be loaded again inside the count.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    async function statementsOf(url: string): Promise<number> {
      const queries = await captureQueries(async () => {
        await read(url);
        // With the keep the read started once its answer left.
        await context.app.answerKeeps.settled();
      });
      return queries.filter((query) => !/\bFROM ingest_states\b/.test(query.text)).length;
    }

    it('a clan\'s page, filtered or not, first or later: its rows, total, counts and every roster in one statement (a kept first page: its lookup)', async () => {
      const entries = clanEntries(context.records, clan.slug, clan.league);
      await read(clanUrl('skip=0&limit=3'));
      // A first page at a size the pages ask for, not kept yet, reads twice: the kept-page lookup and the page (once
      // it has left, it is kept with its clans checked against the server's clan directory, read at the epoch the
      // lookup saw: stats-core/kept-match-pages.ts); once kept (the same page under another address, so not from
      // the public-read cache), the lookup alone.
      await context.pool.query('DELETE FROM kept_match_pages');
      expect(await statementsOf(clanUrl('skip=0&limit=10'))).toBe(2);
      expect(await statementsOf(clanUrl('limit=10&skip=0'))).toBe(1);
      const { anchor } = await read<ClanMatchesResponse>(clanUrl('skip=0&limit=9'));
      for (const query of [`limit=9&skip=0`, `skip=9&limit=9&anchor=${anchor}`, `map=${encodeURIComponent(entries[0]!.match.map!)}&limit=11`,
        `opponent=${entries[0]!.opponentSlug}&result=win&limit=12`]) {
        expect(await statementsOf(clanUrl(query)), query).toBe(1);
      }
    });

    it('a player\'s page: one statement for the player and their leagues, one for the page', async () => {
      const url = (query: string) => `/api/league/player/${player.id}/recent?onlySAL=1&${query}`;
      await read(url('skip=0&limit=3'));
      expect(await statementsOf(url('result=win&limit=11'))).toBe(2);
      expect(await statementsOf(url('skip=0&limit=9'))).toBe(2);
      // A first page at a size the pages ask for: as a clan's, with the player read between the lookup and the
      // page; once kept, the lookup alone.
      await context.pool.query('DELETE FROM kept_match_pages');
      expect(await statementsOf(url('skip=0&limit=10'))).toBe(3);
      expect(await statementsOf(url('limit=10&skip=0'))).toBe(1);
    });
  });
});
