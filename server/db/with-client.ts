import pg from 'pg';

/** Runs `work` on a single short-lived connection (for migrations, maintenance and catalog reads). */
export async function withPgClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
