import type { MessageResponse } from '@shared/contracts/boards';
import type { Notice, NoticeSaveResponse } from '@shared/contracts/notices';
import { apiRequest } from '../../api/client';

export type { Notice };

/**
 * The fields of the notice form (docs/product/notices.md#notice-write-and-edit); days are YYYY-MM-DD in Korean time.
 */
export interface NoticeInput {
  title: string;
  content: string;
  showPopup: boolean;
  popupContent: string;
  popupStart: string | null;
  popupEnd: string | null;
}

export const noticeKeys = {
  all: ['notices'] as const,
  popups: () => [...noticeKeys.all, 'popups'] as const,
  detail: (id: string) => [...noticeKeys.all, 'detail', id] as const,
};

/**
 * Notice calls (docs/product/notices.md): the popup list, admin writing, editing and deleting (the server checks the
 * role).
 */
export const noticeApi = {
  popups: (signal?: AbortSignal) => apiRequest<Notice[]>('/api/sal/notice?popupOnly=1', { signal, auth: false }),
  create: (body: NoticeInput) => apiRequest<NoticeSaveResponse>('/api/sal/notice', { method: 'POST', body }),
  update: (id: string, body: NoticeInput) =>
    apiRequest<NoticeSaveResponse>(`/api/sal/notice/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  remove: (id: string) => apiRequest<MessageResponse>(`/api/sal/notice/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
