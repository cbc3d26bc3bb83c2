import type { CompareData, ComparedPlayer, Meeting, MeetingRecord } from '../../contracts/comparison.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { oneDecimal } from '../../lib/numbers.js';
import { winRate } from '../rating/record-stats.js';
import { presentClan } from '../stats-core/clan-directory.js';
import type { LeagueInfo } from '../stats-core/league-directory.js';
import { presentLeague, resolveLeagueParam } from '../stats-core/league-param.js';
import { loadPlayerMapRecords } from '../stats-core/map-records.js';
import { playerPageLeague, requirePlayer, type PlayerIdentity } from '../stats-core/player-lookup.js';
import { loadPlayerSummary } from '../stats-core/player-summary.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { readLeagueMatchCounts, readMeetings, readMeetingTallies, type MeetingRow } from './comparison-queries.js';

/** Meetings listed with a comparison (the newest; the record counts them all). */
export const MEETINGS_LISTED = 20;

function meetingRecord(win: number, lose: number, draw: number): MeetingRecord {
  const total = win + lose + draw;
  return { total, win, lose, draw, win_rate: oneDecimal(winRate(win, draw, total)) };
}

/** Rated matches of a player in a league, from the per-league counts of both players. */
type MatchesIn = (playerId: number, leagueId: number) => number;

/**
 * Two players side by side in one league: each one's figures (the player page's, plus kill share and results by
 * map) and the matches they played together or against each other.
 */
export function comparisonService(core: StatsCore) {
  const { prisma: db, leagues } = core;

  /**
   * The league asked for; else the first player's page league when the other has played there; else the league
   * both have played most in together; else the first player's page league (the other then shows no record).
   */
  async function chooseLeague(a: PlayerIdentity, b: PlayerIdentity, asked: string | undefined, matchesOf: MatchesIn): Promise<LeagueInfo> {
    if (asked !== undefined) return resolveLeagueParam(leagues, asked);
    const own = await playerPageLeague(core, a, undefined);
    if (matchesOf(b.id, own.id) > 0) return own;
    const shared = (await leagues.all()).map((league) => league.id)
      .filter((leagueId) => matchesOf(a.id, leagueId) > 0 && matchesOf(b.id, leagueId) > 0)
      .sort((x, y) => matchesOf(a.id, y) + matchesOf(b.id, y) - (matchesOf(a.id, x) + matchesOf(b.id, x)));
    return (shared[0] !== undefined ? await leagues.byId(shared[0]) : undefined) ?? own;
  }

  async function comparedPlayer(player: PlayerIdentity, league: LeagueInfo): Promise<ComparedPlayer> {
    const [summary, { maps, killShare }] = await Promise.all([
      loadPlayerSummary(core, player, league.slug),
      loadPlayerMapRecords(db, player.id, league.id),
    ]);
    return {
      playerId: summary.playerId,
      nickname: summary.nickname,
      clan: summary.clan,
      rating: summary.rating,
      rank: summary.rank,
      rankTotal: summary.total,
      totalMatches: summary.totalMatches,
      win: summary.win,
      lose: summary.lose,
      draw: summary.draw,
      win_rate: summary.winRate,
      kill: summary.kill,
      death: summary.death,
      kd_rate: summary.kdRate,
      avgKill: summary.avgKill,
      kill_share: killShare,
      mvp: summary.mvp,
      peak: summary.peak,
      lowest: summary.lowest,
      maps,
    };
  }

  async function presentMeetings(rows: MeetingRow[]): Promise<Meeting[]> {
    const clans = await core.clans.byIds(rows.flatMap((row) => [row.aClanId, row.bClanId]));
    return rows.flatMap((row) => {
      const aClan = clans.get(row.aClanId);
      const bClan = clans.get(row.bClanId);
      if (!aClan || !bClan) return [];
      return [{
        matchId: row.matchId,
        startAt: row.startedAt.toISOString(),
        map: row.map,
        relation: row.aSide === row.bSide ? 'together' as const : 'against' as const,
        result: row.result,
        a: { clan: presentClan(aClan), side: row.aSide, kill: row.aKill, death: row.aDeath, assist: row.aAssist, dropout: row.aDropout },
        b: { clan: presentClan(bClan), side: row.bSide, kill: row.bKill, death: row.bDeath, assist: row.bAssist, dropout: row.bDropout },
      }];
    });
  }

  /** The comparison of two different players by enlistment number (404 for an unknown one, 400 for the same one twice). */
  async function compare(playerId: string, otherId: string, askedLeague: string | undefined): Promise<CompareData> {
    const [a, b] = await Promise.all([requirePlayer(db, playerId), requirePlayer(db, otherId)]);
    if (a.id === b.id) throw new BadRequestError(serverMessages.compareSamePlayer, 'same_player');
    const counts = await readLeagueMatchCounts(db, [a.id, b.id]);
    const matchesIn: MatchesIn = (playerId, leagueId) =>
      counts.find((row) => row.playerId === playerId && row.leagueId === leagueId)?.matches ?? 0;
    const league = await chooseLeague(a, b, askedLeague, matchesIn);
    const [first, second, tallies, rows, all] = await Promise.all([
      comparedPlayer(a, league),
      comparedPlayer(b, league),
      readMeetingTallies(db, a.id, b.id, league.id),
      readMeetings(db, a.id, b.id, league.id, MEETINGS_LISTED),
      leagues.all(),
    ]);
    return {
      league: presentLeague(league),
      leagues: all
        .filter((entry) => matchesIn(a.id, entry.id) + matchesIn(b.id, entry.id) > 0)
        .map((entry) => ({ league: presentLeague(entry), a: matchesIn(a.id, entry.id), b: matchesIn(b.id, entry.id) })),
      a: first,
      b: second,
      together: meetingRecord(tallies.togetherWins, tallies.togetherLosses, tallies.togetherDraws),
      against: meetingRecord(tallies.againstWins, tallies.againstLosses, tallies.againstDraws),
      meetingsTotal: tallies.total,
      meetings: await presentMeetings(rows),
    };
  }

  return { compare };
}
