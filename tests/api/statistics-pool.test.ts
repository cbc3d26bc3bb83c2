import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLeagues } from '../../server/db/seed.js';
import { useTestApp } from '../factories/app.js';
import { createMember } from '../factories/members.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';

/** The advisory lock the test holds while the statistics reads' connections wait for it. */
const HELD_LOCK = 4242;

describe('statistics reads have a connection pool of their own', () => {
  const ctx = useTestApp();
  let holder: pg.Client | undefined;

  afterEach(async () => {
    await holder?.end();
    holder = undefined;
  });

  /** Sessions of the test database waiting for an advisory lock (only the test takes one). */
  async function sessionsWaitingForALock(client: pg.Client): Promise<number> {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
    );
    return rows[0]!.n;
  }

  it('a chat message is sent and a member signs in while every statistics connection is busy', async () => {
    await ensureLeagues(ctx.db.prisma);
    const seller = await createMember(ctx, { nickname: '판매' });
    const buyer = await createMember(ctx, { nickname: '구매' });
    const post = await createPost(ctx, seller);
    const dealId = await propose(ctx, buyer, post._id);

    // Every connection of the statistics pool (5 in tests) waits for a lock the test holds: as under an evening's
    // backlog of reads computed from cold, a statistics read now queues for a connection.
    holder = new pg.Client({ connectionString: ctx.db.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [HELD_LOCK]);
    // (A Prisma query runs when awaited: each is started here.)
    const busy = Array.from({ length: 5 }, async () => ctx.db.statistics.$queryRaw`SELECT 1 AS held FROM pg_advisory_xact_lock_shared(${HELD_LOCK})`);
    while ((await sessionsWaitingForALock(holder)) < busy.length) await new Promise((resolve) => setTimeout(resolve, 20));
    let readAnswered = false;
    const read = ctx.app.inject({ url: '/api/sal/user/ranking?limit=1' }).finally(() => {
      readAnswered = true;
    });

    // The member's requests use the other pool: the session check and the message's statement do not queue.
    const sent = await ctx.app.inject({
      method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/messages`, headers: buyer.headers, payload: { text: '지금 거래 가능하세요?' },
    });
    expect(sent.statusCode).toBe(201);
    const messages = await ctx.app.inject({ url: `/api/trade/posts/${post._id}/deals/${dealId}/messages`, headers: seller.headers });
    expect(messages.json().items.at(-1).text).toBe('지금 거래 가능하세요?');
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: buyer.headers })).statusCode).toBe(200);
    expect(readAnswered).toBe(false);

    // Once the backlog clears, the statistics read is answered.
    await holder.query('SELECT pg_advisory_unlock($1)', [HELD_LOCK]);
    await Promise.all(busy);
    expect((await read).statusCode).toBe(200);
  });
});
