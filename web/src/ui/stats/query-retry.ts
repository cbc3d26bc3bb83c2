import { ApiError } from '../../api/client';
import { UnsuccessfulAnswerError } from './proxy-answer';

/**
 * TanStack Query `retry` for statistics reads: one more try after a network or server failure, none after a
 * 4xx (an unknown league or player will not appear on a second ask, and the reader should see the message now).
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  // An answer that said it failed would say so again.
  if (error instanceof UnsuccessfulAnswerError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
