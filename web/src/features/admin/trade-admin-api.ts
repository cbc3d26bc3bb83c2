import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { SESSION_KEYS } from '../../stores/session';
import { tradeRequest } from '../trade/api/trade-api';
import type {
  AdminAuditResponse, AdminReportItem, AdminReportsResponse, AdminTrustListResponse, AdminTrustPatchResponse,
  BannerUploadResponse, VendorAdListResponse, VendorAdResponse,
} from '../trade/api/trade-types';

export interface AdForm {
  name: string;
  email: string;
  description: string;
  bannerUrl: string;
  openChatUrl: string;
  tags: string[];
  isActive: boolean;
}

/**
 * The admin calls of the trade area (docs/product/admin.md, docs/product/ads.md): trust list and update, ads, banner
 * upload.
 */
export const tradeAdminApi = {
  trust: (q: string) => tradeRequest<AdminTrustListResponse>(`/api/trade/admin/trust?q=${encodeURIComponent(q)}`),
  updateTrust: (body: { email: string; prevVerifiedCount?: string; isTrusted?: boolean }) =>
    tradeRequest<AdminTrustPatchResponse>('/api/trade/admin/trust', { method: 'PATCH', body }),
  /** Restricts a member's trading for `days` (or until lifted), with the reason they are shown. */
  ban: (body: { email: string; reason: string; days: number | 'permanent' }) =>
    tradeRequest<AdminTrustPatchResponse>('/api/trade/admin/bans', { method: 'POST', body }),
  liftBan: (body: { email: string; reason: string }) =>
    tradeRequest<AdminTrustPatchResponse>('/api/trade/admin/bans/lift', { method: 'POST', body }),
  audit: () => tradeRequest<AdminAuditResponse>('/api/admin/audit?limit=30'),
  reports: (status: 'open' | 'handled' | 'all') => tradeRequest<AdminReportsResponse>(`/api/trade/admin/reports?status=${status}`),
  setReportStatus: (id: string, body: { status: 'open' | 'handled'; note: string }) =>
    tradeRequest<{ ok: true; item: AdminReportItem }>(`/api/trade/admin/reports/${id}`, { method: 'PATCH', body }),
  ads: () => tradeRequest<VendorAdListResponse>('/api/trade/admin/ads'),
  createAd: (body: AdForm) => tradeRequest<VendorAdResponse>('/api/trade/admin/ads', { method: 'POST', body }),
  updateAd: (id: string, body: Partial<AdForm>) =>
    tradeRequest<VendorAdResponse>(`/api/trade/admin/ads/${id}`, { method: 'PUT', body }),

  /** Sends one image as the multipart field `banner`; the server checks its bytes and returns where it is served. */
  async uploadBanner(file: File): Promise<BannerUploadResponse> {
    const form = new FormData();
    form.append('banner', file);
    const token = localStorage.getItem(SESSION_KEYS.token);
    let response: Response;
    try {
      response = await fetch('/api/trade/admin/ads/upload-banner', {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    } catch {
      throw new ApiError(0, 'network_error', ko.common.networkError);
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || body.ok === false) {
      const message = typeof body.message === 'string' ? body.message : '';
      throw new ApiError(response.status, typeof body.error === 'string' ? body.error : 'http_error', message, body);
    }
    return body as unknown as BannerUploadResponse;
  },
};
