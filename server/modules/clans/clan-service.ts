import type {
  ClanDetailData, ClanMembersQuery, ClanMembersResponse, ClanRatingHistoryResponse, ClanRefreshData,
} from '../../contracts/clans.js';
import { MATCH_PAGE_MAX, type ClanMatchesResponse, type HeadToHeadResponse } from '../../contracts/matches.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { ClanRecordSource } from '../ingest/ingest-api.js';
import { presentClan } from '../stats-core/clan-directory.js';
import { loadClanFigures } from '../stats-core/clan-figures.js';
import { resolveLeagueParam } from '../stats-core/league-param.js';
import { clampLimit, decodeAnchor, flagIsOn } from '../stats-core/match-list-page.js';
import { loadRatingHistory, RATING_HISTORY_MAX } from '../stats-core/rating-history.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { loadClanDetail } from './clan-detail.js';
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
  /** The path's clan and league: 400 for an unknown league (checked first), 404 for an unknown clan. */
  async function resolvePath(leagueName: string, clanSlug: string) {
    const clan = await core.clans.find(clanSlug);
    const league = await resolveLeagueParam(core.leagues, leagueName, clan?.leagueSlug);
    if (!clan) throw new NotFoundError(serverMessages.clanInfoNotFound, 'clan_not_found');
    return { clan, league };
  }

  async function detail(leagueName: string, clanSlug: string): Promise<ClanDetailData> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return loadClanDetail(core, clan, league);
  }

  async function matches(
    leagueName: string,
    clanSlug: string,
    query: { skip: number; limit: number; onlySAL?: string; anchor?: string },
  ): Promise<ClanMatchesResponse> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return listClanMatches(core, clan, flagIsOn(query.onlySAL) ? league.id : undefined, {
      skip: query.skip,
      limit: clampLimit(query.limit, MATCH_PAGE_MAX),
      anchor: query.anchor === undefined ? undefined : decodeAnchor(query.anchor),
    });
  }

  async function refresh(leagueName: string, clanSlug: string): Promise<ClanRefreshData> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return refreshClanRecords(core.prisma, recordSource, clan, league);
  }

  async function members(leagueName: string, clanSlug: string, query: ClanMembersQuery): Promise<ClanMembersResponse> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    return listClanMembers(core.prisma, clan, league.id, { sort: query.sort, limit: clampLimit(query.limit, MEMBERS_MAX) });
  }

  async function ratingHistory(leagueName: string, clanSlug: string, limit: number): Promise<ClanRatingHistoryResponse['data']> {
    const { clan, league } = await resolvePath(leagueName, clanSlug);
    const figures = await loadClanFigures(core.prisma, clan.id, league.id);
    const history = await loadRatingHistory(
      core, { kind: 'clan', ownerId: clan.id, leagueId: league.id }, league, figures, clampLimit(limit, RATING_HISTORY_MAX),
    );
    return { clan: presentClan(clan), history };
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

  return { detail, matches, refresh, members, ratingHistory, headToHead };
}
