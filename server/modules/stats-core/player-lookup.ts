import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { DEFAULT_LEAGUE } from './league-catalog.js';
import { defaultPlayerLeagueId } from './league-context.js';
import type { LeagueDirectory, LeagueInfo } from './league-directory.js';
import { resolveLeagueParam } from './league-param.js';
import type { StatsCore } from './stats-core.js';

/** A player as the player calls (the player page, its panels, a comparison) need it. */
export interface PlayerIdentity {
  id: number;
  enlistmentNo: string;
  nickname: string;
  clanId: number | null;
  clanJoinedAt: Date | null;
  lastSeenAt: Date | null;
  /** Leagues the player has a rated match in, latest match first (the league context rule's input). */
  playedLeagueIds: number[];
}

/**
 * A player by enlistment number (unique index) with the leagues they played in, in one statement; or 404 with the
 * spec's "cannot find user information" text.
 */
export async function requirePlayer(prisma: Database, enlistmentNo: string): Promise<PlayerIdentity> {
  const rows = await prisma.$queryRaw<{
    id: number; enlistment_no: string; nickname: string; clan_id: number | null; clan_joined_at: Date | null;
    last_seen_at: Date | null; played: number[];
  }[]>`
    SELECT id, enlistment_no, nickname, clan_id, clan_joined_at, last_seen_at,
           ARRAY(SELECT league_id FROM player_stats WHERE player_id = players.id AND matches > 0
                 ORDER BY last_match_at DESC NULLS LAST) AS played
    FROM players WHERE enlistment_no = ${enlistmentNo}`;
  const row = rows[0];
  if (!row) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
  return {
    id: row.id,
    enlistmentNo: row.enlistment_no,
    nickname: row.nickname,
    clanId: row.clan_id,
    clanJoinedAt: row.clan_joined_at,
    lastSeenAt: row.last_seen_at,
    playedLeagueIds: row.played,
  };
}

/**
 * The league a player page shows: the one asked for (400 when unknown); else the default of the league context
 * rule (defaultPlayerLeagueId: the clan's league when played there, else the latest match's, else the clan's).
 */
export async function resolvePlayerLeague(
  leagues: LeagueDirectory,
  player: PlayerIdentity,
  clanLeagueSlug: string | undefined,
  asked: string | undefined,
): Promise<LeagueInfo> {
  if (asked !== undefined) return resolveLeagueParam(leagues, asked, clanLeagueSlug);
  const clanLeague = clanLeagueSlug === undefined ? undefined : await leagues.bySlug(clanLeagueSlug);
  const fallback = await resolveLeagueParam(leagues, DEFAULT_LEAGUE);
  const id = defaultPlayerLeagueId(clanLeague?.id, player.playedLeagueIds, fallback.id);
  return (await leagues.byId(id)) ?? fallback;
}

/** The player's clan as the clan directory knows it; undefined without one. */
export async function clanOfPlayer(core: StatsCore, player: PlayerIdentity) {
  return player.clanId === null ? undefined : (await core.clans.byIds([player.clanId])).get(player.clanId);
}

/** The league a player call reads: `asked`, else the league of the player's page (the rule above, for their clan). */
export async function playerPageLeague(core: StatsCore, player: PlayerIdentity, asked: string | undefined): Promise<LeagueInfo> {
  const clan = await clanOfPlayer(core, player);
  return resolvePlayerLeague(core.leagues, player, clan?.leagueSlug, asked);
}
