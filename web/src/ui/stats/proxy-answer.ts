/** A proxy answer that arrived (2xx) without `message: 'success'`: the page shows it in red, like a failure. */
export class UnsuccessfulAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsuccessfulAnswerError';
  }
}

/**
 * The proxy clan and player details count only when `message` is 'success'
 * (docs/product/statistics-api.md#proxy-success-message). Anything else throws, with the answer's `error` text when it
 * has one, else `fallback` (Korean), so the page's red error line shows it.
 */
export function requireSuccess<T extends { message: string }>(answer: T, fallback: string): T {
  if (answer?.message === 'success') return answer;
  const reason = (answer as { error?: unknown } | null)?.error;
  throw new UnsuccessfulAnswerError(typeof reason === 'string' && reason.trim() !== '' ? reason : fallback);
}
