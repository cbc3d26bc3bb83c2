/**
 * A one-line progress bar on stderr for long commands (redrawn in place on a terminal, a line every 10% elsewhere).
 */
export function createProgressBar(label: string, total: number | undefined) {
  const started = performance.now();
  let lastPrintedTenth = -1;
  return {
    update(done: number) {
      const seconds = (performance.now() - started) / 1000;
      const rate = Math.round(done / Math.max(seconds, 0.001)).toLocaleString('en-US');
      if (!total) {
        if (process.stderr.isTTY) process.stderr.write(`\r${label}: ${done.toLocaleString('en-US')} (${rate}/s)   `);
        return;
      }
      const share = Math.min(1, done / total);
      const bar = '#'.repeat(Math.round(share * 30)).padEnd(30, '.');
      const line = `${label} [${bar}] ${(share * 100).toFixed(0)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${rate}/s)`;
      if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
      else if (Math.floor(share * 10) > lastPrintedTenth) {
        lastPrintedTenth = Math.floor(share * 10);
        process.stderr.write(`${line}\n`);
      }
    },
    done() {
      if (process.stderr.isTTY) process.stderr.write('\n');
    },
  };
}
