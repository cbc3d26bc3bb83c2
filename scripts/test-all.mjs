// `npm test`: the typecheck and every suite (unit, API + realtime, browser end-to-end), one after another.
// Each suite's runner fails when it finds no test; this script fails when any step fails.
// A failing suite's failure lines are printed again at the very end: CI keeps only the tail of a run, and the
// suites after the failing one would push its report out of it.
import { spawn } from 'node:child_process';
import { missingChromium } from './chromium.mjs';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['unit', ['run', 'test:unit']],
  ['api', ['run', 'test:api']],
  ['e2e', ['run', 'test:e2e']],
];
const REPORT_LINES = 50;
const ANSI = /\x1b\[[0-9;]*m/g;
// What Vitest and Playwright print of a failure: the failing file or test, the error and the expected/received pair.
const FAILURE_LINE = /\bFAIL\b|✘|×|\d+\) \[|Error\b|Expected|Received|expected|timed? ?out/;

/** Runs one npm script with its output passed through live, keeping the lines that report a failure. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['inherit', 'pipe', 'pipe'] });
    const failures = [];
    const keep = (chunk, sink) => {
      sink.write(chunk);
      for (const line of chunk.toString().replace(ANSI, '').split('\n')) {
        if (FAILURE_LINE.test(line) && failures.length < REPORT_LINES) failures.push(line.slice(0, 300));
      }
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (status) => resolve({ status, failures }));
  });
}

// The browser suite comes last: without a browser, say so now rather than after minutes of the other suites.
const missing = missingChromium();
if (missing) {
  console.error(`npm test: ${missing}`);
  process.exit(1);
}

const failed = [];
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const { status, failures } = await run(args);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`=== ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s ===`);
  if (status !== 0) failed.push({ name, failures });
}
for (const { name, failures } of failed) {
  console.log(`\n=== ${name} failed; its failure lines again ===\n${failures.join('\n')}`);
}
console.log(failed.length ? `\nFailed: ${failed.map(({ name }) => name).join(', ')}` : '\nEvery suite passed.');
console.log(`suites: ${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
