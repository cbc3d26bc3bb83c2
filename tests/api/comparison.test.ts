import { beforeAll, describe, expect, it } from 'vitest';
import type { PlayerBreakdownResponse } from '../../server/contracts/breakdowns.js';
import type { CompareResponse } from '../../server/contracts/comparison.js';
import type { PlayerSummaryResponse } from '../../server/contracts/players.js';
import { readOk } from '../helpers/league-reads.js';
import { finalMatches, playerEntries } from '../helpers/league-records.js';
import { resultForSide } from '../../server/modules/rating/match-result.js';
import { useLeagueTestApp } from '../factories/app.js';

/**
 * Two players side by side: each side's figures are those of the player's own page in the league, the
 * kill share and the records of their meetings are recomputed here from the ingested match records.
 */
describe('GET /api/league/player/{playerId}/compare/{otherId}', () => {
  const context = useLeagueTestApp();
  /** The two players who played most matches on one side, and the two who played most against each other. */
  let teammates: { a: string; b: string; league: string };
  let rivals: { a: string; b: string; league: string };

  const read = <T>(url: string) => readOk<T>(context, url);

  /** The pair of players with most matches in one league on one side (together) or on opposite sides. */
  async function mostMet(together: boolean) {
    const { rows } = await context.pool.query<{ a: string; b: string; league: string }>(
      `SELECT pa.enlistment_no AS a, pb.enlistment_no AS b, l.slug AS league
       FROM match_players x JOIN match_players y ON y.match_id = x.match_id AND y.player_id > x.player_id
       JOIN players pa ON pa.id = x.player_id JOIN players pb ON pb.id = y.player_id JOIN leagues l ON l.id = x.league_id
       WHERE (x.side = y.side) = $1
       GROUP BY pa.enlistment_no, pb.enlistment_no, l.slug ORDER BY count(*) DESC, pa.enlistment_no, pb.enlistment_no LIMIT 1`,
      [together],
    );
    return rows[0]!;
  }

  /** What the comparison must say of the pair's meetings, from the records. */
  function expectedMeetings(a: string, b: string, league: string) {
    const both = finalMatches(context.records)
      .filter((match) => match.league === league)
      .flatMap((match) => {
        const rowA = match.players.find((row) => row.playerId === a);
        const rowB = match.players.find((row) => row.playerId === b);
        return rowA && rowB ? [{ match, rowA, rowB, result: match.winner ? resultForSide(match.winner, rowA.side) : null }] : [];
      })
      .sort((x, y) => Date.parse(y.match.startedAt) - Date.parse(x.match.startedAt));
    const record = (together: boolean) => {
      const counted = both.filter((entry) => (entry.rowA.side === entry.rowB.side) === together
        && !entry.rowA.dropout && !entry.rowB.dropout && entry.result !== null);
      const count = (result: string) => counted.filter((entry) => entry.result === result).length;
      const [win, lose, draw] = [count('win'), count('lose'), count('draw')];
      const total = win + lose + draw;
      return { total, win, lose, draw, win_rate: total ? Math.round(((win + draw / 2) / total) * 1000) / 10 : null };
    };
    return { both, together: record(true), against: record(false) };
  }

  beforeAll(async () => {
    teammates = await mostMet(true);
    rivals = await mostMet(false);
  });

  it.each([['teammates', () => teammates], ['rivals', () => rivals]] as const)('%s: records of their meetings, newest meetings listed', async (_name, pair) => {
    const { a, b, league } = pair();
    const { data } = await read<CompareResponse>(`/api/league/player/${a}/compare/${b}?league=${league}`);
    const expected = expectedMeetings(a, b, league);
    expect(data.league.slug).toBe(league);
    expect(data.meetingsTotal).toBe(expected.both.length);
    expect(data.together).toEqual(expected.together);
    expect(data.against).toEqual(expected.against);
    expect(data.together.total + data.against.total).toBeGreaterThan(0);
    expect(data.meetings.map((meeting) => meeting.matchId)).toEqual(expected.both.slice(0, 20).map((entry) => entry.match.matchId));
    for (const [index, meeting] of data.meetings.entries()) {
      const entry = expected.both[index]!;
      expect(meeting).toMatchObject({
        relation: entry.rowA.side === entry.rowB.side ? 'together' : 'against',
        result: entry.result,
        map: entry.match.map,
        a: { side: entry.rowA.side, kill: entry.rowA.kill, death: entry.rowA.death, dropout: entry.rowA.dropout },
        b: { side: entry.rowB.side, kill: entry.rowB.kill, death: entry.rowB.death, dropout: entry.rowB.dropout },
      });
    }
    // Seen from the other player, the same meetings; against, the record turns around.
    const { data: reverse } = await read<CompareResponse>(`/api/league/player/${b}/compare/${a}?league=${league}`);
    expect(reverse.meetingsTotal).toBe(data.meetingsTotal);
    expect(reverse.together).toEqual(data.together);
    expect({ win: reverse.against.win, lose: reverse.against.lose, draw: reverse.against.draw })
      .toEqual({ win: data.against.lose, lose: data.against.win, draw: data.against.draw });
  });

  it('each side shows the figures of the player\'s own page in that league, with kill share and maps', async () => {
    const { a, b, league } = rivals;
    const { data } = await read<CompareResponse>(`/api/league/player/${a}/compare/${b}?league=${league}`);
    for (const [id, side] of [[a, data.a], [b, data.b]] as const) {
      const { data: summary } = await read<PlayerSummaryResponse>(`/api/league/player/${id}/summary?league=${league}`);
      expect(side).toMatchObject({
        playerId: id, nickname: summary.nickname, rating: summary.rating, rank: summary.rank, rankTotal: summary.total,
        totalMatches: summary.totalMatches, win: summary.win, lose: summary.lose, draw: summary.draw, win_rate: summary.winRate,
        kill: summary.kill, death: summary.death, kd_rate: summary.kdRate, avgKill: summary.avgKill, mvp: summary.mvp,
      });
      const { data: breakdown } = await read<PlayerBreakdownResponse>(`/api/league/player/${id}/breakdown?league=${league}`);
      expect(side.maps).toEqual(breakdown.maps);

      const counted = playerEntries(context.records, id, league).filter((entry) => !entry.row.dropout && entry.result !== null);
      const kills = counted.reduce((sum, entry) => sum + entry.row.kill, 0);
      const teamKills = counted.reduce((sum, entry) => sum + entry.team.reduce((total, row) => total + row.kill, 0), 0);
      expect(side.kill_share).toBe(Math.round((kills / teamKills) * 1000) / 10);
    }
  });

  it('without a league: the first player\'s page league when the other played there, with every league of either', async () => {
    const { a, b } = teammates;
    const { data: summary } = await read<PlayerSummaryResponse>(`/api/league/player/${a}/summary`);
    const { data } = await read<CompareResponse>(`/api/league/player/${a}/compare/${b}`);
    expect(data.league.slug).toBe(summary.leagueName);
    const { rows } = await context.pool.query<{ slug: string; a: number; b: number }>(
      `SELECT l.slug, COALESCE(sa.matches, 0) AS a, COALESCE(sb.matches, 0) AS b FROM leagues l
       LEFT JOIN player_stats sa ON sa.league_id = l.id AND sa.player_id = (SELECT id FROM players WHERE enlistment_no = $1)
       LEFT JOIN player_stats sb ON sb.league_id = l.id AND sb.player_id = (SELECT id FROM players WHERE enlistment_no = $2)
       WHERE COALESCE(sa.matches, 0) + COALESCE(sb.matches, 0) > 0 ORDER BY l.sort_order`,
      [a, b],
    );
    expect(data.leagues.map((entry) => ({ slug: entry.league.slug, a: entry.a, b: entry.b }))).toEqual(rows);
  });

  it('refuses the same player twice and an unknown league (400), and an unknown player (404)', async () => {
    const { a, b } = rivals;
    const same = await context.app.inject({ url: `/api/league/player/${a}/compare/${a}` });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ error: 'same_player', message: '서로 다른 두 플레이어를 골라 주세요.' });
    expect((await context.app.inject({ url: `/api/league/player/${a}/compare/${b}?league=nope` })).statusCode).toBe(400);
    expect((await context.app.inject({ url: `/api/league/player/${a}/compare/999999999999` })).statusCode).toBe(404);
    expect((await context.app.inject({ url: `/api/league/player/999999999999/compare/${b}` })).statusCode).toBe(404);
  });
});
