import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { placementState, winRate } from '../rating/record-stats.js';
import type { ResultCounts } from '../stats-core/record-figures.js';
import { compareStandings } from '../rating/standings-sort.js';
import type { ClanRow } from '../stats-core/clan-presenter.js';
import { oneDecimal } from '../../lib/numbers.js';

/** A clan of a division with its figures in that division's rating pool, ranked by the standings order. */
export interface RankedLeagueClan extends ClanRow {
  rank: number;
  score: number;
  totalMatches: number;
  wins: number;
  losses: number;
  draws: number;
  streak: number;
  winRate: number | null;
  placement: boolean;
  ingestRunning: boolean;
  ingestUpdatedAt: Date | null;
  memberCount: number;
}

interface LeagueClanSqlRow extends ResultCounts {
  slug: string;
  name: string;
  mark_bg: string | null;
  mark_front: string | null;
  rating: number;
  streak: number;
  running: boolean | null;
  updated_at: Date | null;
  member_count: number;
}

/**
 * Every clan that plays in the division now, with its record in the division's pool (1000 and no matches before its
 * first match there), its ingest state and, when asked, its member count; sorted as the standings (clans with matches
 * first, score desc, total matches desc, name: docs/product/leagues.md#standings-order) and ranked 1..n in that order.
 */
export async function loadRankedLeagueClans(
  prisma: Database,
  leagueId: number,
  options: { memberCounts?: boolean } = {},
): Promise<RankedLeagueClan[]> {
  // Member counts read the players index once per clan; only the clan list variant shows them.
  const memberCount = options.memberCounts
    ? Prisma.sql`(SELECT count(*) FROM players p WHERE p.clan_id = c.id)::int`
    : Prisma.sql`0`;
  const rows = await prisma.$queryRaw<LeagueClanSqlRow[]>`
    SELECT c.slug, c.name, c.mark_bg, c.mark_front,
           COALESCE(s.rating, 1000) AS rating, COALESCE(s.matches, 0) AS matches, COALESCE(s.wins, 0) AS wins,
           COALESCE(s.losses, 0) AS losses, COALESCE(s.draws, 0) AS draws, COALESCE(s.streak, 0) AS streak,
           i.running, i.updated_at, ${memberCount} AS member_count
    FROM clans c
    LEFT JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = ${leagueId}
    LEFT JOIN ingest_states i ON i.clan_id = c.id
    WHERE c.league_id = ${leagueId}`;
  const clans = rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    markBg: row.mark_bg,
    markFront: row.mark_front,
    score: row.rating,
    totalMatches: row.matches,
    wins: row.wins,
    losses: row.losses,
    draws: row.draws,
    streak: row.streak,
    winRate: oneDecimal(winRate(row.wins, row.draws, row.matches)),
    placement: placementState(row.matches) === 'Placement',
    ingestRunning: row.running ?? false,
    ingestUpdatedAt: row.updated_at,
    memberCount: row.member_count,
  }));
  clans.sort((a, b) => compareStandings({ ...a, clanName: a.name }, { ...b, clanName: b.name }));
  return clans.map((clan, index) => ({ ...clan, rank: index + 1 }));
}
