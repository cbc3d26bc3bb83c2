import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';

/**
 * Reads the database through a connection of its own (in a worker thread) while the calling thread sleeps.
 * Nothing else of the calling process runs meanwhile (no COMMIT of a transaction in flight can be sent), so a
 * read made inside a synchronous callback sees the database exactly as it is at the moment of that call.
 */
export class BlockingReader {
  private constructor(private readonly worker: Worker) {}

  static async open(databaseUrl: string): Promise<BlockingReader> {
    const worker = new Worker(new URL('./blocking-reader-worker.mjs', import.meta.url), { workerData: { url: databaseUrl } });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return new BlockingReader(worker);
  }

  /** Runs `sql` and returns its rows, blocking this thread until they are there (10 s at most). */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): T[] {
    const shared = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    this.worker.postMessage({ sql, params, shared, port: port2 }, [port2]);
    const waited = Atomics.wait(new Int32Array(shared), 0, 0, 10_000);
    const answer = receiveMessageOnPort(port1)?.message as { rows?: T[]; error?: string } | undefined;
    port1.close();
    if (waited === 'timed-out' || !answer) throw new Error('the blocking read got no answer within 10 s');
    if (answer.error) throw new Error(answer.error);
    return answer.rows ?? [];
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
