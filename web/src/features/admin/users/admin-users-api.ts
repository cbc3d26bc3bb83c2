import type { AdminClanResponse, AdminRecentResponse } from '@shared/contracts/admin-users';
import { apiRequest } from '../../../api/client';

export const adminUsersKeys = {
  all: ['admin-users'] as const,
  recent: () => [...adminUsersKeys.all, 'recent'] as const,
  clan: (slug: string) => [...adminUsersKeys.all, 'clan', slug] as const,
};

/** The admin users page's reads (admin only: the server answers 401/403 otherwise). */
export const adminUsersApi = {
  recent: (signal?: AbortSignal) => apiRequest<AdminRecentResponse>('/api/admin/users/recent?limit=50', { signal }),
  clan: (slug: string, signal?: AbortSignal) =>
    apiRequest<AdminClanResponse>(`/api/admin/users/clan/${encodeURIComponent(slug)}`, { signal }),
};
