// The worker half of blocking-reader.ts: runs each query on its own connection, posts the answer on the port it
// was given, then wakes the caller that sleeps on the shared flag. Plain JavaScript: worker threads load files
// as Node runs them, without the test runner's TypeScript transform.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const client = new pg.Client({ connectionString: workerData.url });
await client.connect();
parentPort.postMessage('ready');

parentPort.on('message', async ({ sql, params, shared, port }) => {
  try {
    const result = await client.query(sql, params);
    port.postMessage({ rows: result.rows });
  } catch (error) {
    port.postMessage({ error: String(error) });
  }
  const flag = new Int32Array(shared);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});

parentPort.on('close', () => void client.end());
