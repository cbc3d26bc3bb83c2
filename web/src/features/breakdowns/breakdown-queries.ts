import { queryOptions } from '@tanstack/react-query';
import type { ClanBreakdownResponse, PlayerBreakdownResponse } from '@shared/contracts/breakdowns';
import { apiPaths } from '@shared/rules/first-reads';
import { apiRequest } from '../../api/client';
import { retryUnlessClientError } from '../../ui/stats';

/** Query keys of the maps and weapons panels (and of the filter choices they feed). */
export const breakdownKeys = {
  clan: (league: string, slug: string) => ['breakdown', 'clan', league, slug] as const,
  player: (playerId: string, league: string) => ['breakdown', 'player', playerId, league] as const,
};

/** GET /api/league/{league}/clan-breakdown/{clanSlug}: the clan's results by map and the clans it met. */
export function clanBreakdownQuery(league: string, slug: string) {
  return queryOptions({
    queryKey: breakdownKeys.clan(league, slug),
    queryFn: ({ signal }) => apiRequest<ClanBreakdownResponse>(apiPaths.clanBreakdown(league, slug), { signal, auth: false }),
    select: (response) => response.data,
    retry: retryUnlessClientError,
  });
}

/** GET /api/league/player/{playerId}/breakdown?league=: results by map and by weapon, and the clans met. */
export function playerBreakdownQuery(playerId: string, league: string) {
  return queryOptions({
    queryKey: breakdownKeys.player(playerId, league),
    queryFn: ({ signal }) =>
      apiRequest<PlayerBreakdownResponse>(apiPaths.playerBreakdown(playerId, league), { signal, auth: false }),
    select: (response) => response.data,
    retry: retryUnlessClientError,
  });
}
