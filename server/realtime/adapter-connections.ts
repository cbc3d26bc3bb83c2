import pg from 'pg';

/** What @socket.io/postgres-adapter uses of a pg.Pool: short queries, and one connection it keeps for LISTEN. */
export interface AdapterConnections {
  /** Pass to createAdapter (it takes a pg.Pool; it only calls `query` and `connect`). */
  pool: pg.Pool;
  /** Ends every connection, also a LISTEN connection still being opened. */
  close(): Promise<void>;
}

/**
 * The database connections of the Socket.IO PostgreSQL adapter.
 *
 * Its NOTIFY, attachment and clean-up queries go through ONE connection, in the order they are asked: other
 * processes receive NOTIFYs in commit order, so with two connections two events emitted one after the other (a
 * message, then the deal's closing update, then the room leave) could arrive swapped. One connection keeps emit
 * order on the other processes; this process's own sockets are served at once, in the same order
 * (local-first-adapter.ts). (An event of 7,000 bytes or more takes two queries, an INSERT then its NOTIFY, and may
 * still be overtaken by a small event emitted just after it.)
 *
 * Its LISTEN connection is a dedicated client outside that pool, because the adapter (0.5.0)
 * holds it checked out for good: it never releases a connection the server dropped (a pool's `end()` would wait
 * for it forever), attaches no error listener to it (a dropped connection would be an uncaught error), and may
 * still be opening it when the app closes. Here every LISTEN client gets an error listener, is ended on close,
 * and a client that finishes opening after close is ended at once.
 */
export function adapterConnections(connectionString: string, onError: (error: Error) => void): AdapterConnections {
  const queries = new pg.Pool({ connectionString, max: 1 });
  queries.on('error', onError);
  const listeners = new Set<pg.Client>();
  let closed = false;

  async function openListener(): Promise<pg.Client & { release(): void }> {
    // After close the adapter's reconnection loop must stop: a connection that never comes ends it quietly.
    if (closed) return new Promise(() => undefined);
    const client = new pg.Client({ connectionString });
    client.on('error', onError);
    await client.connect();
    if (closed) {
      await client.end().catch(() => undefined);
      return new Promise(() => undefined);
    }
    listeners.add(client);
    client.once('end', () => listeners.delete(client));
    return Object.assign(client, { release: () => void client.end().catch(() => undefined) });
  }

  const pool = {
    query: (text: string, values?: unknown[]) => queries.query(text, values),
    connect: openListener,
  } as unknown as pg.Pool;

  return {
    pool,
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      await queries.end();
    },
  };
}
