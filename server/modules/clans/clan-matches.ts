import type { StatsCore } from '../stats-core/stats-core.js';
import type { ClanMatchesResponse, MatchCounts } from '../../contracts/matches.js';
import { Prisma } from '../../db/generated/client.js';
import { clanRowConditions, isFiltered, type MatchListFilter } from '../stats-core/match-list-filter.js';
import { encodeAnchor, readMatchListPage, type ListedRows } from '../stats-core/match-list-page.js';
import { presentClanMatch } from '../stats-core/match-presenter.js';
import type { ClanIdentity } from '../stats-core/clan-directory.js';

/** The rated tallies ingest keeps (clan_stats) and the results of the rows listed after the anchor. */
interface KeptTallies {
  kept_wins: number;
  kept_losses: number;
  kept_draws: number;
  newer_wins: number;
  newer_losses: number;
  newer_draws: number;
}

/**
 * The win/lose/draw counts of the clan's whole list: the rated tallies ingest keeps (clan_stats, in one league or
 * summed over all), less the rows newer than the anchor (a few, read on the list index past the anchor); `unknown`
 * is every other row (matches still recording).
 */
function keptTallies(clanId: number, leagueId: number | undefined) {
  const inLeague = leagueId === undefined ? Prisma.empty : Prisma.sql` AND league_id = ${leagueId}`;
  return ({ scope, anchor }: ListedRows) => Prisma.sql`SELECT row_to_json(tally) FROM (
      SELECT kept.*, newer.* FROM (
        SELECT COALESCE(sum(wins), 0)::int AS kept_wins, COALESCE(sum(losses), 0)::int AS kept_losses,
               COALESCE(sum(draws), 0)::int AS kept_draws
        FROM clan_stats WHERE clan_id = ${clanId}${inLeague}) kept,
      (SELECT count(*) FILTER (WHERE result = 'win')::int AS newer_wins,
              count(*) FILTER (WHERE result = 'lose')::int AS newer_losses,
              count(*) FILTER (WHERE result = 'draw')::int AS newer_draws
        FROM clan_matches WHERE ${scope} AND listed_seq > ${anchor}) newer) tally`;
}

function countsFromKept(tallies: KeptTallies, total: number): MatchCounts {
  const win = tallies.kept_wins - tallies.newer_wins;
  const lose = tallies.kept_losses - tallies.newer_losses;
  const draw = tallies.kept_draws - tallies.newer_draws;
  return { win, lose, draw, unknown: Math.max(0, total - win - lose - draw) };
}

/** The counts of a filtered list, from its own rows up to the anchor (the kept tallies count every match). */
function filteredTallies({ scope, anchor }: ListedRows): Prisma.Sql {
  return Prisma.sql`SELECT row_to_json(tally) FROM (
      SELECT count(*) FILTER (WHERE result = 'win')::int AS win, count(*) FILTER (WHERE result = 'lose')::int AS lose,
             count(*) FILTER (WHERE result = 'draw')::int AS draw, count(*) FILTER (WHERE result IS NULL)::int AS unknown
      FROM clan_matches WHERE ${scope} AND listed_seq <= ${anchor}) tally`;
}

/**
 * GET clan-matches: a page of the clan's matches, newest first (started_at, then match id), in the league when
 * `leagueId` is given, else in every division, narrowed by `filter`; with the counts and total of that list. One
 * statement (readMatchListPage).
 */
export async function listClanMatches(
  core: StatsCore,
  clan: ClanIdentity,
  leagueId: number | undefined,
  paging: { skip: number; limit: number; anchor?: number },
  filter: MatchListFilter = {},
): Promise<ClanMatchesResponse> {
  const owner = { table: 'clan_matches', ownerId: clan.id, leagueId, condition: clanRowConditions(filter) } as const;
  let page;
  let counts: MatchCounts;
  if (isFiltered(filter)) {
    page = await readMatchListPage<MatchCounts>(core, owner, paging, filteredTallies);
    counts = page.tallies;
  } else {
    page = await readMatchListPage<KeptTallies>(core, owner, paging, keptTallies(clan.id, leagueId));
    counts = countsFromKept(page.tallies, page.total);
  }
  return {
    data: page.matches.map((bundle) => presentClanMatch(bundle, clan.id)),
    counts,
    total: page.total,
    skip: paging.skip,
    limit: paging.limit,
    hasMore: paging.skip + page.matches.length < page.total,
    anchor: encodeAnchor(page.anchor),
  };
}
