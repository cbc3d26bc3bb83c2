import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { resolveLeagueParam } from '../stats-core/league-param.js';
import { DEFAULT_LEAGUE } from '../stats-core/league-catalog.js';
import { defaultPlayerLeagueId } from '../stats-core/league-context.js';
import type { LeagueDirectory, LeagueInfo } from '../stats-core/league-directory.js';

/** A player as the player calls need it. */
export interface PlayerIdentity {
  id: number;
  enlistmentNo: string;
  nickname: string;
  clanId: number | null;
  clanJoinedAt: Date | null;
  lastSeenAt: Date | null;
}

/** A player by enlistment number (unique index), or 404 with the spec's "cannot find user information" text. */
export async function requirePlayer(prisma: Database, enlistmentNo: string): Promise<PlayerIdentity> {
  const rows = await prisma.$queryRaw<
    { id: number; enlistment_no: string; nickname: string; clan_id: number | null; clan_joined_at: Date | null; last_seen_at: Date | null }[]
  >`SELECT id, enlistment_no, nickname, clan_id, clan_joined_at, last_seen_at FROM players WHERE enlistment_no = ${enlistmentNo}`;
  const row = rows[0];
  if (!row) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
  return {
    id: row.id,
    enlistmentNo: row.enlistment_no,
    nickname: row.nickname,
    clanId: row.clan_id,
    clanJoinedAt: row.clan_joined_at,
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * The league a player page shows: the one asked for (400 when unknown); else the default of the league context
 * rule (defaultPlayerLeagueId: the clan's league when played there, else the latest match's, else the clan's).
 */
export async function resolvePlayerLeague(
  prisma: Database,
  leagues: LeagueDirectory,
  player: PlayerIdentity,
  clanLeagueSlug: string | undefined,
  asked: string | undefined,
): Promise<LeagueInfo> {
  if (asked !== undefined) return resolveLeagueParam(leagues, asked, clanLeagueSlug);
  const played = await prisma.$queryRaw<{ league_id: number }[]>`
    SELECT league_id FROM player_stats WHERE player_id = ${player.id} AND matches > 0
    ORDER BY last_match_at DESC NULLS LAST`;
  const clanLeague = clanLeagueSlug === undefined ? undefined : await leagues.bySlug(clanLeagueSlug);
  const fallback = await resolveLeagueParam(leagues, DEFAULT_LEAGUE);
  const id = defaultPlayerLeagueId(clanLeague?.id, played.map((row) => row.league_id), fallback.id);
  return (await leagues.byId(id)) ?? fallback;
}
