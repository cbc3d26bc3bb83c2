/** A view's REST catch-up after a (re)connect; it rejects when it could not load (the view is not caught up). */
export type ResyncTask = () => Promise<unknown>;

/**
 * Whether asking again may succeed: no answer (network), a server error or a rate limit. An answer with any other
 * 4xx status (a deleted post, a chat the member may no longer read) is final: the view shows it, and retrying it
 * would only keep the whole tab from going live. Errors without a status (not an API answer) count as transient.
 */
export function isTransientFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status === 0 || status === 429 || status >= 500;
}

/**
 * Pauses between catch-up attempts after a failure: 1 s, 2 s, 4 s, then every 5 s (the socket's own reconnect
 * range). Meanwhile the status stays `syncing`, so every view keeps polling at its documented interval.
 */
export const CATCH_UP_RETRY_MS = [1000, 2000, 4000, 5000] as const;

export const catchUpRetryDelay = (attempt: number) => CATCH_UP_RETRY_MS[Math.min(attempt, CATCH_UP_RETRY_MS.length - 1)]!;

/**
 * Runs every registered task; those that failed run again after a pause until each has succeeded once (a task
 * unregistered meanwhile, its view gone, is dropped). True once caught up; false as soon as `stillCurrent()` is
 * false (the connection dropped or was replaced; the next connect starts over). `onRetrying` runs after a round
 * with failures, before the pause.
 */
export async function catchUpAll(options: {
  tasks: () => ReadonlySet<ResyncTask>;
  stillCurrent: () => boolean;
  sleep: (ms: number) => Promise<void>;
  onRetrying?: () => void;
}): Promise<boolean> {
  let pending = [...options.tasks()];
  for (let attempt = 0; ; attempt += 1) {
    const results = await Promise.allSettled(pending.map((task) => task()));
    if (!options.stillCurrent()) return false;
    const registered = options.tasks();
    pending = pending.filter((task, index) => results[index]!.status === 'rejected' && registered.has(task));
    if (pending.length === 0) return true;
    options.onRetrying?.();
    await options.sleep(catchUpRetryDelay(attempt));
    if (!options.stillCurrent()) return false;
  }
}
