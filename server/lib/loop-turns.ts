import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Runs `work` on each item in order, each in a turn of the event loop of its own: what arrived meanwhile (a reader's
 * request, a chat message) is served between two items rather than after all of them. For a batch of synchronous
 * work that would otherwise hold the loop as long as all of it takes (docs/performance.md, "Long turns").
 */
export async function eachInItsOwnTurn<T>(items: Iterable<T>, work: (item: T) => Promise<void> | void): Promise<void> {
  let first = true;
  for (const item of items) {
    if (!first) await nextTurn();
    first = false;
    await work(item);
  }
}
