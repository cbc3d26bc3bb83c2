import { MATCH_PAGE_MAX, type PlayerRecentQuery, type PlayerRecentResponse } from '../../contracts/matches.js';
import type { PlayerRatingHistoryResponse, PlayerSummaryData, RefreshClanData } from '../../contracts/players.js';
import { storedMatchClanSource, type Announce, type PlayerClanSource } from '../ingest/ingest-api.js';
import { resolveMatchListFilter } from '../stats-core/match-list-filter.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import { loadPlayerFigures } from '../stats-core/player-figures.js';
import { loadRatingHistory, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import { playerPageLeague, requirePlayer } from '../stats-core/player-lookup.js';
import { loadPlayerSummary } from '../stats-core/player-summary.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { listPlayerMatches } from './player-matches.js';
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
  async function summary(playerId: string, league: string | undefined): Promise<PlayerSummaryData> {
    const player = await requirePlayer(core.prisma, playerId);
    return loadPlayerSummary(core, player, league);
  }

  /** A page of the player's matches, narrowed by the query's filter (match-list-filter.ts). */
  async function recent(playerId: string, query: PlayerRecentQuery): Promise<PlayerRecentResponse> {
    const player = await requirePlayer(core.prisma, playerId);
    const leagueId = flagIsOn(query.onlySAL) ? (await playerPageLeague(core, player, query.league)).id : undefined;
    const filter = await resolveMatchListFilter(query, async (slug) => (await core.clans.find(slug))?.id);
    return listPlayerMatches(core, player, leagueId, {
      skip: query.skip,
      limit: clampLimit(query.limit, MATCH_PAGE_MAX),
      anchor: query.anchor === undefined ? undefined : decodeAnchor(query.anchor),
    }, filter);
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
    const league = await playerPageLeague(core, player, query.league);
    const figures = await loadPlayerFigures(core.prisma, player.id, league.id);
    const history = await loadRatingHistory(
      core, { kind: 'player', ownerId: player.id, leagueId: league.id }, league, figures,
      clampLimit(query.limit, RATING_HISTORY_MAX),
    );
    return { playerId: player.enlistmentNo, nickname: player.nickname, history };
  }

  return { summary, recent, refreshClan, ratingHistory };
}
