import { beforeAll, describe, expect, it } from 'vitest';
import type { ClanBreakdownResponse, PlayerBreakdownResponse } from '../../server/contracts/breakdowns.js';
import type { ClanDetailResponse } from '../../server/contracts/clans.js';
import type { PlayerSummaryResponse } from '../../server/contracts/players.js';
import { busiestClan, readOk } from '../helpers/league-reads.js';
import { clanEntries, playerEntries, type ClanMatchEntry } from '../helpers/league-records.js';
import { useLeagueTestApp } from '../factories/app.js';

/**
 * The maps and weapons panels: every figure recomputed here from the ingested match records (rows of
 * the clan's team, the player's own rows), and the rows add up to the record the page's header shows.
 */

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? oneDecimal((part / whole) * 100) : null);

/** The rated entries (a result) grouped by map, with what each map's row must say. */
function expectedMaps<Entry extends ClanMatchEntry>(entries: readonly Entry[], own: (entry: Entry) => { kill: number; death: number }) {
  const byMap = new Map<string | null, Entry[]>();
  for (const entry of entries.filter((candidate) => candidate.result !== null)) {
    byMap.set(entry.match.map, [...(byMap.get(entry.match.map) ?? []), entry]);
  }
  return new Map([...byMap].map(([map, group]) => {
    const count = (result: string) => group.filter((entry) => entry.result === result).length;
    const kill = group.reduce((sum, entry) => sum + own(entry).kill, 0);
    const death = group.reduce((sum, entry) => sum + own(entry).death, 0);
    const teamKills = group.reduce((sum, entry) => sum + entry.team.reduce((total, row) => total + row.kill, 0), 0);
    return [map, {
      matches: group.length, win: count('win'), lose: count('lose'), draw: count('draw'),
      win_rate: percent(count('win') + count('draw') / 2, group.length),
      kill, death, kd_rate: percent(kill, kill + death), teamKills,
      lastPlayedAt: new Date(Math.max(...group.map((entry) => Date.parse(entry.match.startedAt)))).toISOString(),
    }];
  }));
}

describe('results by map and by weapon class', () => {
  const context = useLeagueTestApp();
  let clan: { slug: string; league: string };
  let player: { id: string; league: string };

  const read = <T>(url: string) => readOk<T>(context, url);

  beforeAll(async () => {
    clan = await busiestClan(context.pool);
    // A player with sniper and rifle matches and a match left early: every part of the panel has something to show.
    player = (await context.pool.query<{ id: string; league: string }>(
      `SELECT p.enlistment_no AS id, l.slug AS league FROM match_players mp JOIN players p ON p.id = mp.player_id
       JOIN leagues l ON l.id = mp.league_id
       GROUP BY p.enlistment_no, l.slug
       HAVING bool_or(mp.weapon = 'sniper') AND bool_or(mp.weapon = 'rifle') AND bool_or(mp.dropout)
       ORDER BY count(*) DESC, p.enlistment_no LIMIT 1`,
    )).rows[0]!;
  });

  it('a clan: each map\'s record, win rate, team K/D and last match, adding up to the header\'s record', async () => {
    const { data } = await read<ClanBreakdownResponse>(`/api/league/${clan.league}/clan-breakdown/${clan.slug}`);
    const expected = expectedMaps(clanEntries(context.records, clan.slug, clan.league), (entry) => ({
      kill: entry.team.reduce((sum, row) => sum + row.kill, 0),
      death: entry.team.reduce((sum, row) => sum + row.death, 0),
    }));
    expect(data.maps.map((row) => row.map).sort()).toEqual([...expected.keys()].sort());
    for (const row of data.maps) {
      const { teamKills: _unused, ...figures } = expected.get(row.map)!;
      expect(row).toEqual({ map: row.map, ...figures });
    }
    const matches = data.maps.map((row) => row.matches);
    expect(matches).toEqual([...matches].sort((a, b) => b - a));

    const { data: detail } = await read<ClanDetailResponse>(`/api/league/${clan.league}/clan-detail/${clan.slug}`);
    expect(data.matches).toBe(detail.total);
    expect(data.matches).toBe(matches.reduce((sum, value) => sum + value, 0));
    expect(data.maps.reduce((sum, row) => sum + row.win, 0)).toBe(detail.win);
    expect(data.clan.slug).toBe(clan.slug);
    expect(data.league.slug).toBe(clan.league);
  });

  it('a clan: every clan it met in the league, most met first, with the matches against it', async () => {
    const { data } = await read<ClanBreakdownResponse>(`/api/league/${clan.league}/clan-breakdown/${clan.slug}`);
    const met = new Map<string, number>();
    for (const entry of clanEntries(context.records, clan.slug, clan.league).filter((candidate) => candidate.result !== null)) {
      met.set(entry.opponentSlug, (met.get(entry.opponentSlug) ?? 0) + 1);
    }
    expect(new Map(data.opponents.map((opponent) => [opponent.slug, opponent.matches]))).toEqual(met);
    const counts = data.opponents.map((opponent) => opponent.matches);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('a player: each map with kill share, each weapon with K/D, headshots and known damage, adding up to the summary', async () => {
    const url = `/api/league/player/${player.id}/breakdown?league=${player.league}`;
    const { data } = await read<PlayerBreakdownResponse>(url);
    const entries = playerEntries(context.records, player.id, player.league);
    const counted = entries.filter((entry) => !entry.row.dropout);
    const expected = expectedMaps(counted, (entry) => ({ kill: entry.row.kill, death: entry.row.death }));
    expect(data.maps.map((row) => row.map).sort()).toEqual([...expected.keys()].sort());
    for (const row of data.maps) {
      const { teamKills, ...figures } = expected.get(row.map)!;
      expect(row).toEqual({ map: row.map, ...figures, kill_share: percent(figures.kill, teamKills) });
    }

    const rated = counted.filter((entry) => entry.result !== null);
    for (const weapon of ['rifle', 'sniper'] as const) {
      const rows = rated.map((entry) => entry.row).filter((row) => row.weapon === weapon);
      const known = rows.filter((row) => !(row.corrected && row.damage === 0));
      const kill = rows.reduce((sum, row) => sum + row.kill, 0);
      const death = rows.reduce((sum, row) => sum + row.death, 0);
      const headshot = rows.reduce((sum, row) => sum + row.headshot, 0);
      const damage = known.reduce((sum, row) => sum + row.damage, 0);
      expect(data.weapons.find((row) => row.weapon === weapon)).toEqual({
        weapon, matches: rows.length, kill, death, kd_rate: percent(kill, kill + death), headshot,
        headshot_percent: percent(headshot, kill), damage_average: known.length ? oneDecimal(damage / known.length) : null,
        damage_known: known.length,
      });
    }

    const { data: summary } = await read<PlayerSummaryResponse>(`/api/league/player/${player.id}/summary?league=${player.league}`);
    expect(data.matches).toBe(summary.totalMatches);
    expect(data.weapons.reduce((sum, row) => sum + row.matches, 0)).toBe(summary.totalMatches);
    expect(data.maps.reduce((sum, row) => sum + row.kill, 0)).toBe(summary.kill);
    expect(data.league.slug).toBe(player.league);
  });

  it('without a league, a player\'s breakdown is of the league their page shows', async () => {
    const { data: summary } = await read<PlayerSummaryResponse>(`/api/league/player/${player.id}/summary`);
    const { data } = await read<PlayerBreakdownResponse>(`/api/league/player/${player.id}/breakdown`);
    expect(data.league.slug).toBe(summary.leagueName);
    expect(data.matches).toBe(summary.totalMatches);
  });

  it('answers 400 for an unknown league, 404 for an unknown clan or player, and empty panels before a first match', async () => {
    expect((await context.app.inject({ url: `/api/league/nope/clan-breakdown/${clan.slug}` })).statusCode).toBe(400);
    expect((await context.app.inject({ url: `/api/league/${clan.league}/clan-breakdown/no-such-clan` })).statusCode).toBe(404);
    expect((await context.app.inject({ url: '/api/league/player/999999999999/breakdown' })).statusCode).toBe(404);
    expect((await context.app.inject({ url: `/api/league/player/${player.id}/breakdown?league=nope` })).statusCode).toBe(400);
    const { rows: [elsewhere] } = await context.pool.query<{ slug: string }>(
      `SELECT slug FROM leagues l WHERE NOT EXISTS (
         SELECT 1 FROM clan_stats s JOIN clans c ON c.id = s.clan_id WHERE c.slug = $1 AND s.league_id = l.id AND s.matches > 0)
       ORDER BY sort_order LIMIT 1`,
      [clan.slug],
    );
    const empty = await read<ClanBreakdownResponse>(`/api/league/${elsewhere!.slug}/clan-breakdown/${clan.slug}`);
    expect(empty.data).toMatchObject({ matches: 0, maps: [], opponents: [] });
  });
});
