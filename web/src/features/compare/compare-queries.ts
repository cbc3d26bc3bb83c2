import { queryOptions } from '@tanstack/react-query';
import type { CompareResponse } from '@shared/contracts/comparison';
import { apiRequest } from '../../api/client';
import { retryUnlessClientError } from '../../ui/stats';

const enc = encodeURIComponent;

/** GET /api/league/player/{a}/compare/{b}?league= (null: the server picks the league, the page then names it). */
export function compareQuery(playerId: string, otherId: string, league: string | null) {
  const query = league ? `?league=${enc(league)}` : '';
  return queryOptions({
    queryKey: ['compare', playerId, otherId, league ?? ''] as const,
    queryFn: ({ signal }) => apiRequest<CompareResponse>(`/api/league/player/${enc(playerId)}/compare/${enc(otherId)}${query}`, { signal }),
    select: (response) => response.data,
    retry: retryUnlessClientError,
  });
}
