/** How a long command's progress is measured: against a known total, or by a share of the work (0-1). */
export interface ProgressOptions {
  /** The share of the work done when it cannot be counted in the label's unit (e.g. bytes of a file read). */
  share?: () => number;
  /** Where lines go (stderr); tests pass their own. */
  output?: Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;
}

/** A non-terminal log gets a line at least this often when no share is known. */
const COUNTER_LINE_MS = 10_000;

/**
 * A one-line progress bar for long commands: redrawn in place on a terminal; in a log (CI, a pipe) a line every
 * 10% of the work, or every 10 s when only a count is known.
 */
export function createProgressBar(label: string, total: number | undefined, options: ProgressOptions = {}) {
  const output = options.output ?? process.stderr;
  const started = performance.now();
  let lastPrintedTenth = -1;
  let lastCounterLine = started;
  const print = (line: string, due: boolean) => {
    if (output.isTTY) output.write(`\r${line}   `);
    else if (due) output.write(`${line}\n`);
  };
  return {
    update(done: number) {
      const seconds = (performance.now() - started) / 1000;
      const rate = Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en-US');
      const count = total ? `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}` : done.toLocaleString('en-US');
      const share = total ? done / total : options.share?.();
      if (share === undefined) {
        const due = performance.now() - lastCounterLine >= COUNTER_LINE_MS;
        if (due) lastCounterLine = performance.now();
        print(`${label}: ${count} (${rate}/s)`, due);
        return;
      }
      const clamped = Math.min(1, Math.max(0, share));
      const bar = '#'.repeat(Math.round(clamped * 30)).padEnd(30, '.');
      const tenth = Math.floor(clamped * 10);
      const due = tenth > lastPrintedTenth;
      if (due) lastPrintedTenth = tenth;
      print(`${label} [${bar}] ${(clamped * 100).toFixed(0)}% ${count} (${rate}/s)`, due);
    },
    done() {
      if (output.isTTY) output.write('\n');
    },
  };
}
