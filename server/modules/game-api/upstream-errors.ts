import { ForbiddenError } from '../../lib/errors.js';

/**
 * What the clan page shows (docs/product/clans.md#clan-page-states) when the upstream key (app-id) is missing or
 * refused.
 */
export const UPSTREAM_AUTH_MESSAGE = 'API 인증 오류(403): 관리자에게 app-id 설정을 요청하세요.';

/**
 * The key is missing (status null: no request was sent) or the upstream refused it. A ForbiddenError, so the
 * errors plugin answers 403 `{ error: 'upstream_auth', message: UPSTREAM_AUTH_MESSAGE }` as it is.
 */
export class UpstreamAuthError extends ForbiddenError {
  constructor(readonly upstreamStatus: number | null) {
    super(UPSTREAM_AUTH_MESSAGE, 'upstream_auth');
    this.name = 'UpstreamAuthError';
  }
}

/**
 * Any other upstream failure: a stable code for logs and a `statusCode` the errors plugin answers with
 * (4xx with its generic text, 5xx without leaking the message).
 */
export abstract class UpstreamError extends Error {
  abstract readonly code: string;
  abstract readonly statusCode: number;
}

/** The upstream answered 404: the user name or match id does not exist there. Never retried. */
export class UpstreamNotFoundError extends UpstreamError {
  readonly code = 'upstream_not_found';
  readonly statusCode = 404;

  constructor(readonly path: string) {
    super(`upstream ${path}: not found`);
    this.name = 'UpstreamNotFoundError';
  }
}

/** The upstream rejected the request itself (a 4xx other than 401, 403, 404 and 429). Never retried. */
export class UpstreamRequestError extends UpstreamError {
  readonly code = 'upstream_request';
  readonly statusCode = 502;

  constructor(readonly path: string, readonly status: number, upstreamReason: string) {
    super(`upstream ${path}: HTTP ${status} ${upstreamReason}`.trim());
    this.name = 'UpstreamRequestError';
  }
}

/** Every attempt failed (429, 5xx, network error or timeout); status is the last one, null without an answer. */
export class UpstreamUnavailableError extends UpstreamError {
  readonly code = 'upstream_unavailable';
  readonly statusCode = 503;

  constructor(readonly path: string, readonly status: number | null, readonly attempts: number, options?: ErrorOptions) {
    super(`upstream ${path}: unavailable after ${attempts} attempts (last: ${status ?? 'no answer'})`, options);
    this.name = 'UpstreamUnavailableError';
  }
}

/** The upstream answered 2xx with a body that is not JSON or not the documented shape. Never retried. */
export class UpstreamDataError extends UpstreamError {
  readonly code = 'upstream_data';
  readonly statusCode = 502;

  constructor(readonly path: string, readonly reason: string) {
    super(`upstream ${path}: malformed data (${reason})`);
    this.name = 'UpstreamDataError';
  }
}
