import type { ClanMember, ClanMemberSort, ClanMembersResponse } from '../../contracts/clans.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { clanMarkUrls } from '../stats-core/clan-presenter.js';
import { oneDecimal, twoDecimals } from '../../lib/numbers.js';
import { averageKills, kdPercent, winRate } from '../rating/record-stats.js';
import type { PlayerRecordCounts } from '../stats-core/record-figures.js';
import type { ClanIdentity } from '../stats-core/clan-directory.js';

/**
 * Members a page may fetch at once (up to 300 by rating: docs/product/clans.md#member-list); a larger limit is clamped
 * to it.
 */
export const MEMBERS_MAX = 300;

interface MemberSqlRow extends PlayerRecordCounts {
  enlistment_no: string;
  nickname: string;
  clan_joined_at: Date | null;
  last_seen_at: Date | null;
  rating: number;
  mvp_count: number;
  member_total: number;
}

// Orders by the figures of the league; equal values fall back to rating, then the enlistment number, so the
// order is total. Win rate and K/D are computed as the response shows them (a draw counts half).
const ORDER_BY: Record<ClanMemberSort, Prisma.Sql> = {
  rating: Prisma.sql`rating DESC, matches DESC`,
  matches: Prisma.sql`matches DESC, rating DESC`,
  winRate: Prisma.sql`(CASE WHEN matches > 0 THEN (wins + draws / 2.0) / matches END) DESC NULLS LAST, rating DESC`,
  kd: Prisma.sql`(CASE WHEN kills + deaths > 0 THEN kills::float / (kills + deaths) END) DESC NULLS LAST, rating DESC`,
  recent: Prisma.sql`last_seen_at DESC NULLS LAST, rating DESC`,
  nickname: Prisma.sql`nickname, rating DESC`,
};

/**
 * GET clan-members: the clan's members now (players.clan_id index) with their figures in the league
 * (player_stats primary key; 1000 and no matches before their first match there).
 */
export async function listClanMembers(
  prisma: Database,
  clan: ClanIdentity,
  leagueId: number,
  options: { sort: ClanMemberSort; limit: number },
): Promise<ClanMembersResponse> {
  const rows = await prisma.$queryRaw<MemberSqlRow[]>`
    SELECT * FROM (
      SELECT p.enlistment_no, p.nickname, p.clan_joined_at, p.last_seen_at,
             COALESCE(s.rating, 1000) AS rating, COALESCE(s.matches, 0) AS matches, COALESCE(s.wins, 0) AS wins,
             COALESCE(s.losses, 0) AS losses, COALESCE(s.draws, 0) AS draws, COALESCE(s.kills, 0) AS kills,
             COALESCE(s.deaths, 0) AS deaths, COALESCE(s.mvp_count, 0) AS mvp_count,
             (count(*) OVER ())::int AS member_total
      FROM players p LEFT JOIN player_stats s ON s.player_id = p.id AND s.league_id = ${leagueId}
      WHERE p.clan_id = ${clan.id}
    ) members
    ORDER BY ${ORDER_BY[options.sort]}, enlistment_no
    LIMIT ${options.limit}`;
  const clanMark = clanMarkUrls(clan);
  const data = rows.map((row): ClanMember => ({
    playerId: row.enlistment_no,
    nickname: row.nickname,
    clanSlug: clan.slug,
    clanMark,
    rating: row.rating,
    matches: row.matches,
    totalMatches: row.matches,
    win: row.wins,
    lose: row.losses,
    draw: row.draws,
    winRate: oneDecimal(winRate(row.wins, row.draws, row.matches)),
    kd: oneDecimal(kdPercent(row.kills, row.deaths)),
    killPerMatch: twoDecimals(averageKills(row.kills, row.matches)),
    mvpCount: row.mvp_count,
    joinedAt: row.clan_joined_at?.toISOString() ?? null,
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
  }));
  return { data, total: rows[0]?.member_total ?? 0 };
}
