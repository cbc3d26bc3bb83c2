import type { StatsCore } from '../stats-core/stats-core.js';
import type { ClanMatchesResponse, MatchCounts } from '../../contracts/matches.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { loadMatchBundles } from '../stats-core/match-bundles.js';
import { encodeAnchor, readMatchListPage } from '../stats-core/match-list-page.js';
import { presentClanMatch } from '../stats-core/match-presenter.js';
import type { MatchResult } from '../rating/match-result.js';
import type { ClanIdentity } from '../stats-core/clan-directory.js';

/**
 * The win/lose/draw counts of the clan's whole list: the rated tallies ingest keeps (clan_stats, in one league or
 * summed over all), less the rows newer than the anchor; `unknown` is every other row (matches still recording).
 */
async function countResults(
  prisma: Database,
  clanId: number,
  leagueId: number | undefined,
  total: number,
  newerResults: (MatchResult | null)[],
): Promise<MatchCounts> {
  const inLeague = leagueId === undefined ? Prisma.empty : Prisma.sql` AND league_id = ${leagueId}`;
  const [kept] = await prisma.$queryRaw<{ wins: number; losses: number; draws: number }[]>`
    SELECT COALESCE(sum(wins), 0)::int AS wins, COALESCE(sum(losses), 0)::int AS losses,
           COALESCE(sum(draws), 0)::int AS draws
    FROM clan_stats WHERE clan_id = ${clanId}${inLeague}`;
  const newer = (result: MatchResult) => newerResults.filter((value) => value === result).length;
  const win = (kept?.wins ?? 0) - newer('win');
  const lose = (kept?.losses ?? 0) - newer('lose');
  const draw = (kept?.draws ?? 0) - newer('draw');
  return { win, lose, draw, unknown: Math.max(0, total - win - lose - draw) };
}

/**
 * GET clan-matches: a page of the clan's matches, newest first (started_at, then match id), in the league when
 * `leagueId` is given, else in every division; with the counts and total of the whole list.
 */
export async function listClanMatches(
  core: StatsCore,
  clan: ClanIdentity,
  leagueId: number | undefined,
  paging: { skip: number; limit: number; anchor?: number },
): Promise<ClanMatchesResponse> {
  const { prisma } = core;
  const page = await readMatchListPage(prisma, { table: 'clan_matches', ownerId: clan.id, leagueId }, paging);
  const [bundles, counts] = await Promise.all([
    loadMatchBundles(core, page.matchIds),
    countResults(prisma, clan.id, leagueId, page.total, page.newerResults),
  ]);
  const data = page.matchIds.flatMap((matchId) => {
    const bundle = bundles.get(matchId);
    return bundle ? [presentClanMatch(bundle, clan.id)] : [];
  });
  return {
    data,
    counts,
    total: page.total,
    skip: paging.skip,
    limit: paging.limit,
    hasMore: paging.skip + page.matchIds.length < page.total,
    anchor: encodeAnchor(page.anchor),
  };
}
