import type { StatsCore } from '../stats-core/stats-core.js';
import type { HeadToHeadResponse } from '../../contracts/matches.js';
import type { Database } from '../../db/client.js';
import type { LeagueInfo } from '../stats-core/league-directory.js';
import { loadMatchBundles } from '../stats-core/match-bundles.js';
import { presentClanMatch } from '../stats-core/match-presenter.js';
import { presentOpponent } from '../stats-core/record-figures.js';
import { presentClan, type ClanIdentity } from '../stats-core/clan-directory.js';
import { presentLeague } from '../stats-core/league-param.js';

/** Most last matches a head-to-head shows (a larger limit is clamped). */
export const HEAD_TO_HEAD_MAX = 50;

/**
 * Head-to-head of two clans in a league (beyond the spec): the record ingest keeps in clan_opponent_stats and
 * their last matches, newest first, from the first clan's side (clan_matches' (clan, opponent, time) index), a page
 * at a time, with how many meetings the list holds (the rated ones of the record and any still recording).
 */
export async function loadHeadToHead(
  core: StatsCore,
  league: LeagueInfo,
  clan: ClanIdentity,
  opponent: ClanIdentity,
  paging: { skip: number; limit: number },
): Promise<HeadToHeadResponse['data']> {
  const { prisma } = core;
  const [records, rows, [listed]] = await Promise.all([
    prisma.$queryRaw<{ matches: number; wins: number; losses: number; draws: number; last_match_at: Date | null }[]>`
      SELECT matches, wins, losses, draws, last_match_at FROM clan_opponent_stats
      WHERE clan_id = ${clan.id} AND league_id = ${league.id} AND opponent_clan_id = ${opponent.id}`,
    prisma.$queryRaw<{ match_id: number }[]>`
      SELECT match_id FROM clan_matches
      WHERE clan_id = ${clan.id} AND opponent_clan_id = ${opponent.id} AND league_id = ${league.id}
      ORDER BY started_at DESC, match_id DESC OFFSET ${paging.skip} LIMIT ${paging.limit}`,
    prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM clan_matches
      WHERE clan_id = ${clan.id} AND opponent_clan_id = ${opponent.id} AND league_id = ${league.id}`,
  ]);
  const total = listed?.total ?? 0;
  const record = records[0];
  const bundles = await loadMatchBundles(core, rows.map((row) => row.match_id));
  return {
    league: presentLeague(league),
    clan: presentClan(clan),
    opponent: presentClan(opponent),
    record: presentOpponent(opponent, {
      matches: record?.matches ?? 0,
      wins: record?.wins ?? 0,
      losses: record?.losses ?? 0,
      draws: record?.draws ?? 0,
      lastMatchAt: record?.last_match_at ?? null,
    }),
    matches: rows.flatMap((row) => {
      const bundle = bundles.get(row.match_id);
      return bundle ? [presentClanMatch(bundle, clan.id)] : [];
    }),
    total,
    skip: paging.skip,
    limit: paging.limit,
    hasMore: paging.skip + rows.length < total,
  };
}
