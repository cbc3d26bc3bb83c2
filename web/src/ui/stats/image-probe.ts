import { useCallback, useSyncExternalStore } from 'react';

/** Whether an image address loads: unknown until its probe ends. */
export type ImageStatus = 'pending' | 'ok' | 'missing';

/** Probes in flight at once: a page of 100 rows must not queue its API calls behind logo requests. */
const MAX_CONCURRENT_PROBES = 4;

const statuses = new Map<string, ImageStatus>();
const listeners = new Map<string, Set<() => void>>();
const queue: string[] = [];
let running = 0;
/** Addresses settled since the last frame: their logos are told together, once a frame. */
const settledSinceFrame = new Set<string>();

/**
 * Tells the logos of every address settled since the last frame, in one render: a list of a hundred rows
 * settles dozens of addresses, and a render and layout for each would keep the page busy while it loads.
 */
function notifySettled() {
  const settled = [...settledSinceFrame];
  settledSinceFrame.clear();
  for (const src of settled) listeners.get(src)?.forEach((notify) => notify());
}

function settle(src: string, status: ImageStatus) {
  statuses.set(src, status);
  if (settledSinceFrame.size === 0) requestAnimationFrame(notifySettled);
  settledSinceFrame.add(src);
  running -= 1;
  pump();
}

function pump() {
  while (running < MAX_CONCURRENT_PROBES && queue.length > 0) {
    const src = queue.shift()!;
    running += 1;
    const image = new Image();
    image.onload = () => settle(src, 'ok');
    image.onerror = () => settle(src, 'missing');
    image.src = src;
  }
}

function probe(src: string) {
  if (statuses.has(src)) return;
  statuses.set(src, 'pending');
  queue.push(src);
  pump();
}

function subscribe(src: string, notify: () => void): () => void {
  let set = listeners.get(src);
  if (!set) listeners.set(src, (set = new Set()));
  set.add(notify);
  probe(src);
  return () => set.delete(notify);
}

/**
 * Loads each image address once per visit, a few at a time, and tells every component showing it whether it
 * exists; null (no address) is 'missing' at once.
 */
export function useImageStatus(src: string | null): ImageStatus {
  const subscribeToSource = useCallback((notify: () => void) => (src ? subscribe(src, notify) : () => undefined), [src]);
  return useSyncExternalStore(
    subscribeToSource,
    () => (src ? statuses.get(src) ?? 'pending' : 'missing'),
    () => 'pending',
  );
}
