import {
  RATING_HISTORY_DEFAULT_LIMIT, type ClanDetailData, type ClanMembersQuery, type ClanMembersResponse,
  type ClanRatingHistoryResponse, type ClanRefreshData,
} from '../../contracts/clans.js';
import {
  MATCH_PAGE_MAX, type ClanMatchesQuery, type ClanMatchesResponse, type HeadToHeadResponse,
} from '../../contracts/matches.js';
import type { ClanRecordSource } from '../ingest/ingest-api.js';
import { presentClan, type ClanIdentity } from '../stats-core/clan-directory.js';
import type { LeagueInfo } from '../stats-core/league-directory.js';
import { loadClanFigures } from '../stats-core/clan-figures.js';
import { resolveClanPath } from '../stats-core/clan-path.js';
import { resolveMatchListFilter } from '../stats-core/match-list-filter.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import {
  isPlainFirstPage, keptOrComputedPage, keptOrComputedPanel, keptPageOwner, ownerParam, type AnswerTags, type KeptOrComputed,
  type PreparedListPage,
} from '../stats-core/kept-match-pages.js';
import { loadRatingHistory, opponentsShown, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { checkClanHeaderGuard, clanHeaderGuard, loadClanDetail } from './clan-detail.js';
import { listClanMatches } from './clan-matches.js';
import { listClanMembers, MEMBERS_MAX } from './clan-members.js';
import { refreshClanRecords } from './clan-refresh.js';
import { HEAD_TO_HEAD_MAX, loadHeadToHead } from './head-to-head.js';

export interface ClanServiceDeps {
  core: StatsCore;
  /** Where the record update fetches a clan's newest matches (the game's Open API when configured); none: local only. */
  recordSource?: ClanRecordSource;
}

/** The clan page's reads (league-name reading) and its record update, each for a clan of a league path. */
export function clanService({ core, recordSource }: ClanServiceDeps) {
  const resolvePath = (leagueName: string, clanSlug: string) => resolveClanPath(core, leagueName, clanSlug);

  async function detail(leagueName: string, clanSlug: string): Promise<ClanDetailData> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return loadClanDetail(core, clan, league);
  }

  /**
   * The clan header kept under the clan's key (stats-core/kept-match-pages.ts): its place in the standings, which
   * other clans' matches move, is checked on read against this server's standings (the guard), as is the
   * 'updating' badge's timing out, and shown as it is now when either moved; the rest shows only what the clan's
   * own writes move.
   */
  async function keptDetail(
    leagueName: string,
    clanSlug: string,
    serialize: (body: { data: ClanDetailData }) => string,
    tagsOf: AnswerTags<{ data: ClanDetailData }>,
  ): Promise<KeptOrComputed> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const owner = keptPageOwner.clan(clan.id);
    return keptOrComputedPanel(core, {
      owner: ownerParam(owner), variant: `detail:${league.id}`, listsClans: true,
      guard: { check: (guard) => checkClanHeaderGuard(core, clan, league, guard) }, tagsOf,
    }, async () => {
      const data = await loadClanDetail(core, clan, league);
      const shows = [data.clan, ...data.match_summary.clan_summaries.map((opponent) => opponent.clan)];
      return { answer: { data }, owner, shows, guard: clanHeaderGuard(data) };
    }, serialize);
  }

  /** A page of the clan's matches, narrowed by the query's filter (match-list-filter.ts). */
  async function matches(leagueName: string, clanSlug: string, query: ClanMatchesQuery): Promise<ClanMatchesResponse> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const filter = await resolveMatchListFilter(query, async (slug) => (await core.clans.find(slug))?.id);
    return listClanMatches(core, clan, flagIsOn(query.onlySAL) ? league.id : undefined, {
      skip: query.skip,
      limit: clampLimit(query.limit, MATCH_PAGE_MAX),
      anchor: query.anchor === undefined ? undefined : decodeAnchor(query.anchor),
    }, filter);
  }

  /**
   * The first page as the clan page first opens it (no offset, anchor or filter), kept ready in PostgreSQL
   * (stats-core/kept-match-pages.ts) and serialized by `serialize` (the route's serializer); undefined for any
   * other page, which `matches` computes.
   */
  async function firstMatchesPage(
    leagueName: string,
    clanSlug: string,
    query: ClanMatchesQuery,
    serialize: (answer: ClanMatchesResponse) => string,
  ): Promise<PreparedListPage | undefined> {
    if (!isPlainFirstPage(query)) return undefined;
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const leagueId = flagIsOn(query.onlySAL) ? league.id : undefined;
    const limit = clampLimit(query.limit, MATCH_PAGE_MAX);
    const owner = keptPageOwner.clan(clan.id);
    return keptOrComputedPage(
      core,
      { owner: ownerParam(owner), variant: `${leagueId ?? 'all'}:${limit}` },
      async () => ({ answer: await listClanMatches(core, clan, leagueId, { skip: 0, limit }), owner }),
      serialize,
    );
  }

  async function refresh(leagueName: string, clanSlug: string): Promise<ClanRefreshData> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return refreshClanRecords(core.prisma, recordSource, clan, league);
  }

  async function members(leagueName: string, clanSlug: string, query: ClanMembersQuery): Promise<ClanMembersResponse> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return listClanMembers(core.prisma, clan, league.id, { sort: query.sort, limit: clampLimit(query.limit, MEMBERS_MAX) });
  }

  /**
   * The members list as the clan page asks for it (every member, up to 300, in any order), kept under the clan's
   * key (stats-core/kept-match-pages.ts): it shows the members' figures, which their own matches move, and ingest
   * touches each player's clan now for them; undefined for a shorter list, which `members` computes.
   */
  async function keptMembers(
    leagueName: string,
    clanSlug: string,
    query: ClanMembersQuery,
    serialize: (answer: ClanMembersResponse) => string,
  ): Promise<KeptOrComputed | undefined> {
    if (clampLimit(query.limit, MEMBERS_MAX) !== MEMBERS_MAX) return undefined;
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const owner = keptPageOwner.clan(clan.id);
    return keptOrComputedPanel(core, { owner: ownerParam(owner), variant: `members:${league.id}:${query.sort}` }, async () => ({
      answer: await listClanMembers(core.prisma, clan, league.id, { sort: query.sort, limit: MEMBERS_MAX }),
      owner,
      shows: [presentClan(clan)],
    }), serialize);
  }

  async function ratingHistoryOf(clan: ClanIdentity, league: LeagueInfo, limit: number): Promise<ClanRatingHistoryResponse['data']> {
    const figures = await loadClanFigures(core.prisma, clan.id, league.id);
    const history = await loadRatingHistory(
      core, { kind: 'clan', ownerId: clan.id, leagueId: league.id }, league, figures, clampLimit(limit, RATING_HISTORY_MAX),
    );
    return { clan: presentClan(clan), history };
  }

  async function ratingHistory(leagueName: string, clanSlug: string, limit: number): Promise<ClanRatingHistoryResponse['data']> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return ratingHistoryOf(clan, league, limit);
  }

  /**
   * The rating history as the clan page asks for it (the default length), kept with the clan's first pages (it
   * shows only what the clan's own matches move: stats-core/kept-match-pages.ts); undefined for another length,
   * which `ratingHistory` computes.
   */
  async function keptRatingHistory(
    leagueName: string,
    clanSlug: string,
    limit: number,
    serialize: (data: ClanRatingHistoryResponse['data']) => string,
  ): Promise<KeptOrComputed | undefined> {
    if (limit !== RATING_HISTORY_DEFAULT_LIMIT) return undefined;
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const owner = keptPageOwner.clan(clan.id);
    return keptOrComputedPanel(core, { owner: ownerParam(owner), variant: `rating-history:${league.id}` }, async () => {
      const answer = await ratingHistoryOf(clan, league, limit);
      return { answer, owner, shows: [answer.clan, ...opponentsShown(answer.history)] };
    }, serialize);
  }

  async function headToHead(
    leagueName: string,
    clanSlug: string,
    opponentSlug: string,
    query: { skip: number; limit: number },
  ): Promise<HeadToHeadResponse['data']> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const opponent = await core.clans.require(opponentSlug);
    return loadHeadToHead(core, league, clan, opponent, { skip: query.skip, limit: clampLimit(query.limit, HEAD_TO_HEAD_MAX) });
  }

  return { detail, keptDetail, matches, firstMatchesPage, refresh, members, keptMembers, ratingHistory, keptRatingHistory, headToHead };
}
