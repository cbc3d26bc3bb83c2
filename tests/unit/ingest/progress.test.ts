import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgressBar } from '../../../server/modules/ingest/cli/progress.js';

/** A log (not a terminal) that keeps what is written to it. */
function log() {
  const lines: string[] = [];
  return { lines, output: { isTTY: false, write: (text: string) => lines.push(text) > 0 } };
}

describe('createProgressBar in a log', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a line each tenth of a known total, with the count', () => {
    const { lines, output } = log();
    const bar = createProgressBar('matches', 1000, { output });
    for (let done = 50; done <= 1000; done += 50) bar.update(done);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(/^matches \[#{2}\.{28}\] 5% 50\/1,000 \(/);
    expect(lines.at(-1)).toMatch(/^matches \[#{30}\] 100% 1,000\/1,000 \(/);
  });

  it('follows the share of a file read when the matches cannot be counted ahead', () => {
    const { lines, output } = log();
    let bytes = 0;
    const bar = createProgressBar('matches', undefined, { share: () => bytes / 400, output });
    bar.update(0);
    bytes = 200;
    bar.update(5000);
    bytes = 400;
    bar.update(9000);
    expect(lines.map((line) => line.match(/\] (\d+)% ([\d,]+) /)?.slice(1))).toEqual([['0', '0'], ['50', '5,000'], ['100', '9,000']]);
  });

  it('with only a count, writes a line every 10 seconds rather than on every update', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { lines, output } = log();
    const bar = createProgressBar('matches', undefined, { output });
    bar.update(10);
    vi.advanceTimersByTime(5_000);
    bar.update(20);
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(5_000);
    bar.update(30);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^matches: 30 \(/);
  });
});
