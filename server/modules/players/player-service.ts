import type { PlayerRecentResponse } from '../../contracts/matches.js';
import { MATCH_PAGE_MAX } from '../../contracts/matches.js';
import type { PlayerRatingHistoryResponse, PlayerSummaryData, RefreshClanData } from '../../contracts/players.js';
import { storedMatchClanSource, type Announce, type PlayerClanSource } from '../ingest/ingest-api.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import { loadPlayerFigures } from '../stats-core/player-figures.js';
import { loadRatingHistory, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { requirePlayer, resolvePlayerLeague, type PlayerIdentity } from './player-lookup.js';
import { listPlayerMatches } from './player-matches.js';
import { loadPlayerSummary } from './player-summary.js';
import { refreshClanOfPlayer } from './refresh-clan.js';

export interface PlayerServiceDeps {
  core: StatsCore;
  /** Where refresh-clan re-reads a player's clan (default: what ingest stored). */
  clanSource?: PlayerClanSource;
  /** Tells every server that league data changed (the app's announce). */
  announce: Announce;
}

/** The player page's reads and its clan refresh, each for a player by enlistment number. */
export function playerService({ core, clanSource = storedMatchClanSource, announce }: PlayerServiceDeps) {
  /** The league a player call reads: `asked`, else the league of the player's page. */
  async function playerLeague(player: PlayerIdentity, asked: string | undefined) {
    const clan = player.clanId === null ? undefined : (await core.clans.byIds([player.clanId])).get(player.clanId);
    return resolvePlayerLeague(core.prisma, core.leagues, player, clan?.leagueSlug, asked);
  }

  async function summary(playerId: string, league: string | undefined): Promise<PlayerSummaryData> {
    const player = await requirePlayer(core.prisma, playerId);
    return loadPlayerSummary(core, player, league);
  }

  async function recent(
    playerId: string,
    query: { skip: number; limit: number; onlySAL?: string; anchor?: string; league?: string },
  ): Promise<PlayerRecentResponse> {
    const player = await requirePlayer(core.prisma, playerId);
    const leagueId = flagIsOn(query.onlySAL) ? (await playerLeague(player, query.league)).id : undefined;
    return listPlayerMatches(core, player, leagueId, {
      skip: query.skip,
      limit: clampLimit(query.limit, MATCH_PAGE_MAX),
      anchor: query.anchor === undefined ? undefined : decodeAnchor(query.anchor),
    });
  }

  async function refreshClan(playerId: string, shownSlug: string | null): Promise<RefreshClanData> {
    const player = await requirePlayer(core.prisma, playerId);
    return refreshClanOfPlayer(core, clanSource, player, shownSlug, announce);
  }

  async function ratingHistory(
    playerId: string,
    query: { league?: string; limit: number },
  ): Promise<PlayerRatingHistoryResponse['data']> {
    const player = await requirePlayer(core.prisma, playerId);
    const league = await playerLeague(player, query.league);
    const figures = await loadPlayerFigures(core.prisma, player.id, league.id);
    const history = await loadRatingHistory(
      core, { kind: 'player', ownerId: player.id, leagueId: league.id }, league, figures,
      clampLimit(query.limit, RATING_HISTORY_MAX),
    );
    return { playerId: player.enlistmentNo, nickname: player.nickname, history };
  }

  return { summary, recent, refreshClan, ratingHistory };
}
