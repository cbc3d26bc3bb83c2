// `npm test`: the typecheck and every suite (unit, API + realtime, browser end-to-end), one after another.
// Each suite's runner fails when it finds no test; this script fails when any step fails.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', ['run', 'typecheck']],
  ['unit', ['run', 'test:unit']],
  ['api', ['run', 'test:api']],
  ['e2e', ['run', 'test:e2e']],
];

const failed = [];
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`=== ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds} s ===`);
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length ? `\nFailed: ${failed.join(', ')}` : '\nEvery suite passed.');
console.log(`suites: ${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
