import { describe, expect, it } from 'vitest';
import { eachInItsOwnTurn } from '../../server/lib/loop-turns.js';

/**
 * A batch of synchronous work (a list page's match details made ahead: stats-core/details-ahead.ts) runs one item
 * per turn of the event loop, so what arrives meanwhile is served between two items, not after all of them.
 */
describe('work in turns of its own', () => {
  it('leaves the event loop between one item and the next, in order', async () => {
    const order: string[] = [];
    await eachInItsOwnTurn(['a', 'b', 'c'], (item) => {
      order.push(`worked on ${item}`);
      // Work that arrives while the batch runs (a reader's request, as an I/O callback would be).
      if (item === 'a') setImmediate(() => order.push('work that arrived meanwhile'));
    });
    expect(order).toEqual(['worked on a', 'work that arrived meanwhile', 'worked on b', 'worked on c']);
  });

  it('waits for each item\'s work before the next, and does nothing for none', async () => {
    const order: string[] = [];
    await eachInItsOwnTurn([1, 2], async (item) => {
      await Promise.resolve();
      order.push(`done ${item}`);
    });
    await eachInItsOwnTurn([], () => {
      order.push('never');
    });
    expect(order).toEqual(['done 1', 'done 2']);
  });
});
