import type {
  CaptchaConfigResponse, LoginResponse, MeResponse, MessageResponse, NicknameResponse, SessionRenewedResponse, SignupResponse,
} from '@shared/contracts/auth';
import { apiRequest, ApiError } from '../../api/client';

/** Query keys of the account pages. */
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  captchaConfig: () => [...accountKeys.all, 'captcha-config'] as const,
  tradeProfile: () => [...accountKeys.all, 'trade-profile'] as const,
};

export interface SignupInput {
  email: string;
  nickname: string;
  password: string;
  captchaToken: string;
}

/** Every REST call of the account pages (docs/product/accounts.md). */
export const accountApi = {
  captchaConfig: () => apiRequest<CaptchaConfigResponse>('/api/captcha/config', { auth: false }),
  signup: (input: SignupInput) =>
    apiRequest<SignupResponse>('/api/auth/signup', {
      method: 'POST',
      auth: false,
      // The form only submits once both boxes are ticked.
      body: { ...input, agreeTerms: true, agreePrivacy: true },
    }),
  login: (body: { email: string; password: string; captchaToken?: string }) =>
    apiRequest<LoginResponse>('/api/auth/login', { method: 'POST', auth: false, body }),
  me: (signal?: AbortSignal) => apiRequest<MeResponse>('/api/auth/me', { signal }),
  verify: (token: string) => apiRequest<MessageResponse>(`/api/auth/verify/${encodeURIComponent(token)}`, { auth: false }),
  resendVerification: () => apiRequest<MessageResponse>('/api/auth/verify/resend', { method: 'POST' }),
  changeNickname: (newNickname: string) =>
    apiRequest<NicknameResponse>('/api/auth/nickname', { method: 'PUT', body: { newNickname } }),
  changePassword: (body: { oldPassword: string; newPassword: string }) =>
    apiRequest<SessionRenewedResponse>('/api/auth/password', { method: 'PUT', body }),
  logoutEverywhere: () => apiRequest<SessionRenewedResponse>('/api/auth/logout-everywhere', { method: 'POST' }),
  deleteAccount: () => apiRequest<MessageResponse>('/api/auth/delete', { method: 'DELETE' }),
};

/** True when no answer arrived at all (network failure): pages then show their "server error" text. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

/** The server's message of a failed call, else `fallback`. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
