import type {
  PlayerIdByNameResponse, PlayerLeaguesResponse, PopularSearchResponse, SalMixedForm, SalMixedResponse, SearchLogBody,
} from '@shared/contracts/search';
import { apiRequest } from '../../api/client';

/** Query keys of the search area. */
export const searchKeys = {
  all: ['search'] as const,
  mixed: (keyword: string, form: SalMixedForm) => [...searchKeys.all, 'mixed', form, keyword] as const,
  popular: () => [...searchKeys.all, 'popular'] as const,
  playerLeagues: (playerId: string) => [...searchKeys.all, 'player-leagues', playerId] as const,
};

/** Autocomplete (10 + 10) or full (20 + 20) mixed search of players and clans. */
export function fetchSalMixed(keyword: string, form: SalMixedForm, signal?: AbortSignal): Promise<SalMixedResponse> {
  const query = new URLSearchParams({ keyword, form });
  return apiRequest<SalMixedResponse>(`/api/resolve/sal-mixed?${query}`, { signal, auth: false });
}

export function fetchPopularSearches(signal?: AbortSignal): Promise<PopularSearchResponse> {
  return apiRequest<PopularSearchResponse>('/api/search/popular', { signal, auth: false });
}

/** The league cards of the hidden 'supply' source. */
export function fetchPlayerLeagues(playerId: string, signal?: AbortSignal): Promise<PlayerLeaguesResponse> {
  return apiRequest<PlayerLeaguesResponse>(`/api/players/${encodeURIComponent(playerId)}/leagues`, { signal, auth: false });
}

/** The enlistment number of the player with this exact nickname. */
export function fetchPlayerIdByName(name: string): Promise<PlayerIdByNameResponse> {
  return apiRequest<PlayerIdByNameResponse>(`/api/players/name/${encodeURIComponent(name)}`, { auth: false });
}

/** Records a search for the popular list; a failure is only logged (docs/product/search.md#search-log). */
export function sendSearchLog(body: SearchLogBody): void {
  apiRequest('/api/search/log', { method: 'POST', body, auth: false }).catch((error: unknown) => {
    console.warn('search log failed', error);
  });
}
