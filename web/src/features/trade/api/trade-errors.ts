import { ApiError } from '../../../api/client';
import { tradeKo } from '../../../i18n/trade';

/**
 * The text a failed trade call shows (docs/product/trade.md#failure-texts): the server's message, else its error, else
 * `fallback`, else a generic request-failed text with the status.
 */
export function tradeFailureText(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    const code = error.body.error;
    if (typeof code === 'string' && code) return code;
    if (error.status === 0) return tradeKo.common.networkError;
    return fallback ?? tradeKo.common.requestFailed(error.status);
  }
  return fallback ?? tradeKo.common.networkError;
}

/** The status of a failed call (0 without an answer). */
export const failureStatus = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/** The seconds to wait that a 429 carries, if any. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const value = error.body.retryAfter;
  return typeof value === 'number' && value > 0 ? value : null;
}
