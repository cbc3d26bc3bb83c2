import { describe, expect, it } from 'vitest';
import { computedAgain } from '../../../bench/lib/live-readers.js';
import type { ReadSample } from '../../../bench/lib/reader-browser.js';

const read = (path: string, dueAt: number, cache: string | undefined, failed = false): ReadSample => ({
  read: 'clan detail', path, dueAt, doneAt: dueAt + 5, status: failed ? 0 : 200, cache, failed,
});

describe('the live bench counts what was computed again', () => {
  it('counts every computed answer of a path after its first answer, whatever the order samples arrive in', () => {
    const first = read('/a', 1, 'miss');
    const keptLater = read('/a', 2, 'kept');
    const againAfterAWrite = read('/a', 3, 'miss');
    const otherFirst = read('/b', 4, 'miss');
    const sameMoment = read('/b', 4.5, 'miss');
    const again = computedAgain([againAfterAWrite, sameMoment, keptLater, otherFirst, first]);
    expect([...again].sort((x, y) => x.dueAt - y.dueAt)).toEqual([againAfterAWrite, sameMoment]);
  });

  it('does not count a failed read as an answer of its path', () => {
    const failed = read('/c', 1, undefined, true);
    const computed = read('/c', 2, 'miss');
    expect(computedAgain([failed, computed]).size).toBe(0);
  });

  it('counts an answer made ahead of its read as not computed on it', () => {
    expect(computedAgain([read('/d', 1, 'ahead'), read('/d', 2, 'hit'), read('/d', 3, 'reshown')]).size).toBe(0);
  });
});
