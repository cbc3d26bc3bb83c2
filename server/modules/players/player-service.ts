import { MATCH_PAGE_MAX, type PlayerRecentQuery, type PlayerRecentResponse } from '../../contracts/matches.js';
import { RATING_HISTORY_DEFAULT_LIMIT } from '../../contracts/clans.js';
import type { PlayerRatingHistoryResponse, PlayerSummaryData, RefreshClanData } from '../../contracts/players.js';
import { hotRows } from '../../db/hot-rows.js';
import { Prisma } from '../../db/generated/client.js';
import { presentClan } from '../stats-core/clan-directory.js';
import { storedMatchClanSource, type Announce, type PlayerClanSource } from '../ingest/ingest-api.js';
import { resolveMatchListFilter } from '../stats-core/match-list-filter.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import {
  isPlainFirstPage, keptOrComputedPage, keptOrComputedPanel, keptPageOwner, playerOwnerByEnlistmentNo, type AnswerTags, type KeptOrComputed,
  type PreparedListPage, type ShownRating,
} from '../stats-core/kept-match-pages.js';
import { loadPlayerFigures } from '../stats-core/player-figures.js';
import { loadRatingHistory, opponentsShown, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import { clanOfPlayer, playerPageLeague, requirePlayer } from '../stats-core/player-lookup.js';
import { checkPlayerSummaryGuard, loadPlayerSummary, playerSummaryGuard } from '../stats-core/player-summary.js';
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
  /**
   * The summary kept under the player's key (found by enlistment number in the lookup's one statement;
   * stats-core/kept-match-pages.ts): its rank, which other players' matches move, is checked on read against this
   * server's ranking order (the guard) and set as it is now when it moved; the rest shows only what the player's
   * own writes move.
   */
  async function keptSummary(
    playerId: string,
    league: string | undefined,
    serialize: (body: { data: PlayerSummaryData }) => string,
    tagsOf: AnswerTags<{ data: PlayerSummaryData }>,
  ): Promise<KeptOrComputed> {
    return keptOrComputedPanel(core, {
      owner: playerOwnerByEnlistmentNo(playerId), variant: `summary:league=${league ?? ''}`, listsClans: true,
      guard: { check: (guard) => checkPlayerSummaryGuard(core, guard) }, tagsOf,
    }, async () => {
      const player = await requirePlayer(core.prisma, playerId);
      const data = await loadPlayerSummary(core, player, league);
      const shownLeague = await core.leagues.bySlug(data.leagueName);
      if (!shownLeague) throw new Error(`a player summary names league ${data.leagueName}, unknown now`);
      return {
        answer: { data }, owner: keptPageOwner.player(player.id),
        shows: [...(data.clan ? [data.clan] : []), ...data.opponents.map((opponent) => opponent.clan)],
        guard: playerSummaryGuard(player, data, shownLeague.id),
      };
    }, serialize);
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

  /**
   * The first page as the player page first opens it (no offset, anchor or filter), kept ready in PostgreSQL
   * (stats-core/kept-match-pages.ts), serialized by `serialize` (the route's serializer) and kept with its tags
   * (`tagsOf`, the route's); undefined for any other page, which `recent` computes. The kept page is found by
   * enlistment number in its one statement; an unknown player has none, so `recent` answers 404 as before.
   */
  async function firstRecentPage(
    playerId: string,
    query: PlayerRecentQuery,
    serialize: (answer: PlayerRecentResponse) => string,
    tagsOf: AnswerTags<PlayerRecentResponse>,
  ): Promise<PreparedListPage | undefined> {
    if (!isPlainFirstPage(query)) return undefined;
    const onlySAL = flagIsOn(query.onlySAL);
    const limit = clampLimit(query.limit, MATCH_PAGE_MAX);
    // The league of an onlySAL page follows the query's league, else the player's page league (their clan's, or
    // their latest match's): what moves the latter touches the player, whose kept pages then go.
    const variant = `${onlySAL ? `league=${query.league ?? ''}` : 'all'}:${limit}`;
    return keptOrComputedPage(core, { owner: playerOwnerByEnlistmentNo(playerId), variant, tagsOf }, async () => {
      const player = await requirePlayer(core.prisma, playerId);
      const leagueId = onlySAL ? (await playerPageLeague(core, player, query.league)).id : undefined;
      const answer = await listPlayerMatches(core, player, leagueId, { skip: 0, limit });
      const playerClan = onlySAL ? await clanOfPlayer(core, player) : undefined;
      return {
        answer, owner: keptPageOwner.player(player.id), shown: await shownClanRatings(answer), alsoRead: playerClan ? [playerClan] : [],
      };
    }, serialize);
  }

  /** The slug of the player's current clan (the side the player page sees match details from); null without one. */
  async function clanSlugOf(playerId: string): Promise<string | null> {
    // Asked by every read of the player's first match page: through the pool, prepared (hot-rows.ts).
    const rows = await hotRows<{ clan_id: number | null }>(core.prisma, Prisma.sql`SELECT clan_id FROM players WHERE enlistment_no = ${playerId}`, { prepared: true });
    const clanId = rows[0]?.clan_id;
    if (clanId === undefined || clanId === null) return null;
    return (await core.clans.byIds([clanId])).get(clanId)?.slug ?? null;
  }

  /** The clan ratings a page shows (each row's league_clan: the clan the player played for, in the match's league). */
  async function shownClanRatings(answer: PlayerRecentResponse): Promise<ShownRating[]> {
    const shown = new Map<string, ShownRating>();
    for (const row of answer.data) {
      const clan = await core.clans.find(row.league_clan.clan.slug);
      const league = await core.leagues.bySlug(row.league);
      if (!clan || !league) throw new Error(`a listed match names clan ${row.league_clan.clan.slug} in league ${row.league}, unknown now`);
      shown.set(`${clan.id}:${league.id}`, { clanId: clan.id, leagueId: league.id, rating: row.league_clan.rating });
    }
    return [...shown.values()];
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

  /**
   * The rating history as the player page asks for it (the default length), kept with the player's first pages
   * (found by enlistment number in the same statement; it shows only what the player's own matches move, and its
   * league, when not asked, follows the player's clan, whose change touches the player); undefined for another
   * length, which `ratingHistory` computes.
   */
  async function keptRatingHistory(
    playerId: string,
    query: { league?: string; limit: number },
    serialize: (data: PlayerRatingHistoryResponse['data']) => string,
  ): Promise<KeptOrComputed | undefined> {
    if (query.limit !== RATING_HISTORY_DEFAULT_LIMIT) return undefined;
    const variant = `rating-history:league=${query.league ?? ''}`;
    return keptOrComputedPanel(core, { owner: playerOwnerByEnlistmentNo(playerId), variant }, async () => {
      const player = await requirePlayer(core.prisma, playerId);
      const answer = await ratingHistory(playerId, query);
      const playerClan = await clanOfPlayer(core, player);
      return {
        answer, owner: keptPageOwner.player(player.id),
        shows: [...opponentsShown(answer.history), ...(playerClan ? [presentClan(playerClan)] : [])],
      };
    }, serialize);
  }

  return { keptSummary, recent, firstRecentPage, clanSlugOf, refreshClan, ratingHistory, keptRatingHistory };
}
