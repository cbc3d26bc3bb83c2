import { queryOptions } from '@tanstack/react-query';
import type { StandingRow } from '@shared/contracts/league';
import type { Notice } from '@shared/contracts/notices';
import type { RankingEntry } from '@shared/contracts/rankings';
import { apiPaths, HOME_TOP_LIMIT } from '@shared/rules/first-reads';
import { apiRequest } from '../../api/client';
import { retryUnlessClientError } from '../../ui/stats';

export { HOME_TOP_LIMIT };

/** A popup notice as GET /api/sal/notice?popupOnly=1 answers (the notices feature owns the route). */
export type PopupNotice = Pick<Notice, '_id' | 'title' | 'content' | 'popupContent' | 'contentHtml' | 'popupContentHtml'>;

/** Query keys of the home page. */
export const homeKeys = {
  all: ['home'] as const,
  topClans: () => [...homeKeys.all, 'top-clans'] as const,
  topPlayers: () => [...homeKeys.all, 'top-players'] as const,
  popupNotices: () => [...homeKeys.all, 'popup-notices'] as const,
};

/** The first five rows of the beginner league standings (the site's clan ranking). */
export function topClansQuery() {
  return queryOptions({
    queryKey: homeKeys.topClans(),
    queryFn: ({ signal }) => apiRequest<StandingRow[]>(apiPaths.topClans(), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/** The first five rows of the personal ranking. */
export function topPlayersQuery() {
  return queryOptions({
    queryKey: homeKeys.topPlayers(),
    queryFn: ({ signal }) => apiRequest<RankingEntry[]>(apiPaths.topPlayers(), { signal, auth: false }),
    retry: retryUnlessClientError,
  });
}

/** Popup notices; the answer may be an array or `{ data }`. Any failure (404 before notices exist) is an empty list. */
export async function fetchPopupNotices(signal?: AbortSignal): Promise<PopupNotice[]> {
  try {
    const answer = await apiRequest<unknown>('/api/sal/notice?popupOnly=1', { signal, auth: false });
    const list = Array.isArray(answer) ? answer : (answer as { data?: unknown } | undefined)?.data;
    return Array.isArray(list) ? (list as PopupNotice[]).filter((notice) => notice && typeof notice.title === 'string') : [];
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}
