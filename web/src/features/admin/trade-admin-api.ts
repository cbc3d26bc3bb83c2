import { ApiError } from '../../api/client';
import { SESSION_KEYS } from '../../stores/session';
import { tradeRequest } from '../trade/api/trade-api';
import type {
  AdminTrustListResponse, AdminTrustPatchResponse, BannerUploadResponse, VendorAdListResponse, VendorAdResponse,
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

/** The admin calls of the trade area (§7): trust list and update, ads, banner upload. */
export const tradeAdminApi = {
  trust: (q: string) => tradeRequest<AdminTrustListResponse>(`/api/trade/admin/trust?q=${encodeURIComponent(q)}`),
  updateTrust: (body: { email: string; prevVerifiedCount?: string; isTrusted?: boolean; isBanned?: boolean }) =>
    tradeRequest<AdminTrustPatchResponse>('/api/trade/admin/trust', { method: 'PATCH', body }),
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
    } catch (error) {
      throw new ApiError(0, 'network_error', String(error));
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || body.ok === false) {
      const message = typeof body.message === 'string' ? body.message : '';
      throw new ApiError(response.status, typeof body.error === 'string' ? body.error : 'http_error', message, body);
    }
    return body as unknown as BannerUploadResponse;
  },
};
