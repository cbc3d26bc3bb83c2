import type { LeagueClanRow, LeagueSummaryEntry, StandingRow } from '../../contracts/league.js';
import { clanMarkUrls, presentClanRef } from '../stats-core/clan-presenter.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { loadMemberCounts } from './league-clans.js';

/**
 * The league tables, each in the standings order: division summary, standings (home Top 5) and clan list, all
 * presented from the league's standings kept in memory (the order clan pages read their place from).
 */
export function leagueService({ prisma, leagues, standings: kept }: StatsCore) {
  async function summary(leagueSlug: string): Promise<LeagueSummaryEntry[]> {
    const league = await leagues.require(leagueSlug);
    const { clans } = await kept.get(league.id);
    return clans.map((clan) => ({
      clan: presentClanRef(clan),
      rank: clan.rank,
      rating: clan.score,
      win: clan.wins,
      lose: clan.losses,
      draw: clan.draws,
      matches: clan.totalMatches,
      win_rate: clan.winRate,
    }));
  }

  async function standings(leagueName: string, limit: number | undefined): Promise<StandingRow[]> {
    const league = await leagues.require(leagueName);
    const { clans } = await kept.get(league.id);
    const rows = limit === undefined ? clans : clans.slice(0, limit);
    return rows.map((clan) => {
      const updatedAt = clan.ingestUpdatedAt?.toISOString() ?? null;
      return {
        _id: clan.slug,
        rank: clan.rank,
        clanSlug: clan.slug,
        clanName: clan.name,
        ...clanMarkUrls(clan),
        leagueName: league.slug,
        score: clan.score,
        wins: clan.wins,
        losses: clan.losses,
        draws: clan.draws,
        totalMatches: clan.totalMatches,
        winRate: clan.winRate,
        placement: clan.placement,
        streak: clan.streak,
        ingest: { running: clan.ingestRunning, updatedAt },
        updatedAt,
      };
    });
  }

  async function clanList(leagueName: string): Promise<LeagueClanRow[]> {
    const league = await leagues.require(leagueName);
    const { clans } = await kept.get(league.id);
    const memberCounts = await loadMemberCounts(prisma, clans.map((clan) => clan.id));
    return clans.map((clan) => ({
      rank: clan.rank,
      clanSlug: clan.slug,
      clanName: clan.name,
      ...clanMarkUrls(clan),
      memberCount: memberCounts.get(clan.id) ?? 0,
      totalMatches: clan.totalMatches,
      score: clan.score,
      wins: clan.wins,
      losses: clan.losses,
      draws: clan.draws,
      winRate: clan.winRate,
    }));
  }

  return { summary, standings, clanList };
}
