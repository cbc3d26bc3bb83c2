import { describe, expect, it } from 'vitest';
import type { LoopDelay } from '../../../bench/lib/loop-delay.js';
import { formatStallReport, stallReport, toMonotonicMs } from '../../../bench/lib/loop-stalls.js';

const window = (stalls: LoopDelay['stalls'], gcPauses: LoopDelay['gcPauses'] = []): LoopDelay => ({
  p50: 0, p99: 0, max: 0, samples: 0, stalls, gcPauses,
});

describe('the live bench lines slow reads up with the server loop stalls', () => {
  it('counts the reads over the target that overlapped a stall, and splits the stalls by what the thread did', () => {
    const delay = window(
      [[1_000, 30, 10, 20], [2_000, 40, 35, 5]],
      [[2_005, 12], [5_000, 9]],
    );
    const reads = [
      { dueAt: 990, doneAt: 1_060 }, // slow, began before the first stall and ended after it
      { dueAt: 1_500, doneAt: 1_560 }, // slow, met no stall
      { dueAt: 2_030, doneAt: 2_090 }, // slow, began inside the second stall
      { dueAt: 1_010, doneAt: 1_020 }, // inside a stall, but under the target
    ];
    expect(stallReport(delay, reads, 50)).toEqual({
      stalls: 2, stalledMs: 70, onCoreMs: 45, waitingMs: 25, collectorMs: 12, slowReads: 3, slowReadsInStalls: 2, overMs: 50,
    });
  });

  it('says nothing of the split without the scheduler statistics, and nothing at all without stalls reported', () => {
    const report = stallReport(window([[0, 25, null, null]]), [], 50);
    expect(report).toMatchObject({ stalls: 1, onCoreMs: null, waitingMs: null, slowReads: 0 });
    expect(formatStallReport(report)).toContain('waiting for a core -');
    expect(stallReport(window(undefined), [], 50)).toBeUndefined();
  });

  it('puts this process\'s performance.now() on the monotonic clock', () => {
    const now = performance.now();
    const monotonic = Number(process.hrtime.bigint()) / 1e6;
    expect(Math.abs(toMonotonicMs(now) - monotonic)).toBeLessThan(50);
  });
});
