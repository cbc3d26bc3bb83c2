/** Whether an image address loads: unknown until its probe ends. */
export type ImageStatus = 'pending' | 'ok' | 'missing';

/** Probes in flight at once: a page of 100 rows must not queue its API calls behind logo requests. */
const MAX_CONCURRENT_PROBES = 4;

const statuses = new Map<string, ImageStatus>();
/**
 * Every image probed, held for the visit, so that the page's own <img> of the address takes it from the browser's
 * memory cache, which may drop an image nothing holds any more: with the HTTP cache off (a tab's devtools, a test
 * routing requests), a dropped probe was asked for a second time.
 */
const probed = new Map<string, HTMLImageElement>();
const waiting = new Map<string, Set<(loads: boolean) => void>>();
const queue: string[] = [];
let running = 0;
/** Addresses settled since the last frame: whoever waits for them is told together, once a frame. */
const settledSinceFrame = new Set<string>();

function tellSettled() {
  const settled = [...settledSinceFrame];
  settledSinceFrame.clear();
  for (const src of settled) {
    const callbacks = waiting.get(src);
    waiting.delete(src);
    callbacks?.forEach((callback) => callback(statuses.get(src) === 'ok'));
  }
}

function settle(src: string, status: ImageStatus) {
  statuses.set(src, status);
  if (settledSinceFrame.size === 0) requestAnimationFrame(tellSettled);
  settledSinceFrame.add(src);
  running -= 1;
  pump();
}

function pump() {
  while (running < MAX_CONCURRENT_PROBES && queue.length > 0) {
    const src = queue.shift()!;
    running += 1;
    const image = new Image();
    probed.set(src, image);
    image.onload = () => settle(src, 'ok');
    image.onerror = () => settle(src, 'missing');
    image.src = src;
  }
}

/** What is known of `src` now, without asking for it: 'pending' until some caller of whenImageSettles has. */
export function knownImageStatus(src: string): ImageStatus {
  return statuses.get(src) ?? 'pending';
}

/**
 * Calls `callback` with whether `src` loads: at once when that is known, else once its probe ends (probes are
 * told once a frame, for every address settled since the last). Each address is loaded once per visit, a few
 * at a time. Returns a function that cancels the call.
 */
export function whenImageSettles(src: string, callback: (loads: boolean) => void): () => void {
  const status = statuses.get(src);
  if (status && status !== 'pending') {
    callback(status === 'ok');
    return () => undefined;
  }
  let callbacks = waiting.get(src);
  if (!callbacks) waiting.set(src, (callbacks = new Set()));
  callbacks.add(callback);
  if (!status) {
    statuses.set(src, 'pending');
    queue.push(src);
    pump();
  }
  return () => callbacks.delete(callback);
}
