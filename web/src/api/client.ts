import { ko } from '../i18n/ko';
import { SESSION_KEYS, useSessionStore } from '../stores/session';

/** A failed API call: the HTTP status (0 when no response arrived) and the server's `{ error, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send the stored token as a bearer header (default: when one is stored). */
  auth?: boolean;
}

/** Calls the API with JSON in and out; throws ApiError for non-2xx answers and for network failures. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.auth === false ? null : localStorage.getItem(SESSION_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // The browser's own text ("TypeError: Failed to fetch") is English and says nothing to a reader.
    throw new ApiError(0, 'network_error', ko.common.networkError);
  }
  const text = await response.text();
  const data = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    if (token && response.status === 401 && body.error === 'invalid_token') {
      // A new token was stored while this call was on its way (this device ended its other sessions or changed
      // the password): ask again with it.
      if (localStorage.getItem(SESSION_KEYS.token) !== token) return apiRequest<T>(path, options);
      // The server no longer accepts the stored token (account deleted, sessions ended elsewhere, secret
      // rotated): sign out and ask again as a visitor, so public pages and anonymous posting keep working;
      // member-only calls then get the plain 401 their pages already answer with the login page.
      useSessionStore.getState().signOut();
      return apiRequest<T>(path, { ...options, auth: false });
    }
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
    throw new ApiError(response.status, typeof body.error === 'string' ? body.error : 'http_error', message, body);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Public site facts the footer and legal pages show. */
export interface SiteInfo {
  contactEmail: string;
  version: string;
}
