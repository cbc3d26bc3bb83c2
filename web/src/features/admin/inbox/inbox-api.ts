import type { ExclusionInboxResponse, SuggestionInboxResponse } from '@shared/contracts/forms';
import { apiRequest } from '../../../api/client';

export type { ExclusionItem, SuggestionItem } from '@shared/contracts/forms';

export const inboxKeys = {
  all: ['admin-inbox'] as const,
  suggestions: () => [...inboxKeys.all, 'suggestions'] as const,
  exclusions: () => [...inboxKeys.all, 'exclusions'] as const,
};

const page = (cursor: string | undefined) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

/** The admin inbox calls (admin only on the server): newest first, keyset pages. */
export const inboxApi = {
  suggestions: (cursor: string | undefined, signal?: AbortSignal) =>
    apiRequest<SuggestionInboxResponse>(`/api/admin/suggestions${page(cursor)}`, { signal }),
  exclusions: (cursor: string | undefined, signal?: AbortSignal) =>
    apiRequest<ExclusionInboxResponse>(`/api/admin/exclusion-requests${page(cursor)}`, { signal }),
};
