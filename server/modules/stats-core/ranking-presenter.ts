import type { RankingEntry } from '../../contracts/rankings.js';
import { clanMarkUrls } from './clan-presenter.js';
import { oneDecimal, twoDecimals } from '../../lib/numbers.js';
import { averageKills, kdPercent, winRate } from '../rating/record-stats.js';
import type { RankedPlayerRow } from './ranking-page.js';

/** The derived figures of a ranked player: win rate (draws half), K/D %, kills per match. */
export function rankedFigures(row: RankedPlayerRow) {
  return {
    winRate: oneDecimal(winRate(row.wins, row.draws, row.matches)),
    kd: oneDecimal(kdPercent(row.kills, row.deaths)),
    killPerMatch: twoDecimals(averageKills(row.kills, row.matches)),
  };
}

/** A row of the SAL personal ranking (docs/product/rankings.md#ranking-columns): figures of the `leagueSlug` pool. */
export function presentRankingEntry(row: RankedPlayerRow, rank: number, leagueSlug: string): RankingEntry {
  const mark = row.clan ? clanMarkUrls(row.clan) : { mark_bg: null, mark_front: null };
  return {
    rank,
    playerId: row.enlistmentNo,
    leagueName: leagueSlug,
    nickname: row.nickname,
    clanSlug: row.clan?.slug ?? null,
    clanName: row.clan?.name ?? null,
    ...mark,
    rating: row.rating,
    matches: row.matches,
    win: row.wins,
    lose: row.losses,
    draw: row.draws,
    ...rankedFigures(row),
    mvpCount: row.mvpCount,
  };
}
