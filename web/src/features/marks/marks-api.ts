import type { MergeMarksBody, ReaderMarksResponse } from '@shared/contracts/favourites';
import { apiRequest } from '../../api/client';
import type { MarkKind, MarkList } from './mark-types';

/** The API of a member's lists (server/modules/favourites); every call answers both lists as they now are. */

const enc = encodeURIComponent;
const PATH_OF: Record<MarkList, string> = { favourites: 'favourites', recent: 'recent' };

export const marksKeys = {
  member: (userId: string) => ['marks', userId] as const,
};

export function fetchMarks(signal?: AbortSignal): Promise<ReaderMarksResponse> {
  return apiRequest<ReaderMarksResponse>('/api/me/marks', { signal });
}

/** Stars a clan or player, or records a view of its page, with the league the reader saw. */
export function putMark(list: MarkList, kind: MarkKind, target: string, league: string): Promise<ReaderMarksResponse> {
  return apiRequest<ReaderMarksResponse>(`/api/me/marks/${PATH_OF[list]}/${kind}/${enc(target)}`, { method: 'PUT', body: { league } });
}

export function deleteMark(list: MarkList, kind: MarkKind, target: string): Promise<ReaderMarksResponse> {
  return apiRequest<ReaderMarksResponse>(`/api/me/marks/${PATH_OF[list]}/${kind}/${enc(target)}`, { method: 'DELETE' });
}

/** Adds the lists kept in this browser to the account (at login). */
export function mergeMarks(body: MergeMarksBody): Promise<ReaderMarksResponse> {
  return apiRequest<ReaderMarksResponse>('/api/me/marks/merge', { method: 'POST', body });
}
