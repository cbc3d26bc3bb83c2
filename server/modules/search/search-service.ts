import type {
  PlayerIdByNameResponse, PlayerLeaguesResponse, PopularSearchResponse, SalMixedForm, SalMixedResponse, SearchMode,
} from '../../contracts/search.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import { searchMixed } from './mixed-search.js';
import { loadPlayerLeagues } from './player-leagues.js';
import { findPlayerByNickname, requirePlayerByIdOrNickname } from './player-lookup.js';
import { logSearch, popularSearches } from './popular-searches.js';

function requireKeyword(keyword: string): void {
  if (keyword.trim() === '') throw new BadRequestError(serverMessages.searchKeywordEmpty, 'keyword_empty');
}

/** Search and home: player league cards, id by name, the mixed search, search logging and popular searches. */
export function searchService({ prisma, leagues }: StatsCore) {
  const popular = popularSearches(prisma);

  async function playerLeagues(id: string): Promise<PlayerLeaguesResponse> {
    const player = await requirePlayerByIdOrNickname(prisma, id);
    return { message: 'success', data: await loadPlayerLeagues(prisma, leagues, player) };
  }

  async function playerIdByName(name: string): Promise<PlayerIdByNameResponse> {
    const player = await findPlayerByNickname(prisma, name.trim());
    if (!player) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
    return { message: 'success', data: { id: player.enlistmentNo, nickname: player.nickname } };
  }

  /** Whether the search was counted: one that found nothing (or an address) is not kept. */
  async function log(keyword: string, mode: SearchMode): Promise<boolean> {
    requireKeyword(keyword);
    return logSearch(prisma, keyword, mode);
  }

  async function mixed(keyword: string, form: SalMixedForm): Promise<SalMixedResponse> {
    requireKeyword(keyword);
    return searchMixed(prisma, leagues, keyword, form);
  }

  function popularList(): Promise<PopularSearchResponse> {
    return popular.get();
  }

  return { playerLeagues, playerIdByName, log, mixed, popular: popularList };
}
