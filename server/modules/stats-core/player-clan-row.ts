import { Prisma } from '../../db/generated/client.js';

/** A player read with their current clan (`players p LEFT JOIN clans c`): the columns every such list selects. */
export const PLAYER_CLAN_COLUMNS = Prisma.sql`p.enlistment_no, p.nickname, c.slug AS clan_slug, c.name AS clan_name, c.mark_bg, c.mark_front`;

/** The row those columns give. */
export interface PlayerClanSqlRow {
  enlistment_no: string;
  nickname: string;
  clan_slug: string | null;
  clan_name: string | null;
  mark_bg: string | null;
  mark_front: string | null;
}

/** The player's clan as the presenters take it; null for a player without a clan. A nameless clan shows its slug. */
export function playerClanOf(row: PlayerClanSqlRow): { slug: string; name: string; markBg: string | null; markFront: string | null } | null {
  if (row.clan_slug === null) return null;
  return { slug: row.clan_slug, name: row.clan_name ?? row.clan_slug, markBg: row.mark_bg, markFront: row.mark_front };
}
