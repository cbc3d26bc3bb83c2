import { setTimeout as wait } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Semaphore } from '../../../server/modules/game-api/semaphore.js';

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once, in arrival order, and frees slots of failed tasks', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 7 }, (_, n) => slots.run(async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await wait(5);
      running -= 1;
      if (n === 1) throw new Error('task failed');
      return n;
    }));
    const results = await Promise.allSettled(tasks);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
  });

  it('refuses a limit below 1', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
  });
});
