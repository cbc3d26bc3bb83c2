import Fastify, { type FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TradeClientEvents, TradeServerEvents } from '../../server/contracts/realtime.js';
import { serverMessages } from '../../server/lib/messages.js';
import authPlugin, { type SessionUser } from '../../server/plugins/auth.js';
import errorsPlugin from '../../server/plugins/errors.js';
import realtimePlugin from '../../server/realtime/socket-server.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

type Client = Socket<TradeServerEvents, TradeClientEvents>;
const SECRET = 'realtime-test-secret-long-enough-for-hs256';

/** Deal 'deal-1' belongs to the buyer and the seller; nobody else may enter its room. */
const DEAL_PARTIES = new Map<string, string[]>();
/** How often the room policy was asked (each stands for the real policy's database queries). */
let policyChecks = 0;

async function startServer(db: TestDatabase, withAdapter: boolean): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(authPlugin, { prisma: db.prisma, secret: SECRET, expiresIn: '1h' });
  await app.register(realtimePlugin, {
    databaseUrl: withAdapter ? db.url : undefined,
    allowedOrigins: ['https://sal-league.example'],
    policy: {
      canJoinDeal: async (memberId, dealId) => {
        policyChecks += 1;
        return DEAL_PARTIES.get(dealId)?.includes(memberId) ?? false;
      },
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}` };
}

describe('Socket.IO namespace /trade', () => {
  let db: TestDatabase;
  let one: { app: FastifyInstance; url: string };
  let two: { app: FastifyInstance; url: string };
  const users: Record<'buyer' | 'seller' | 'stranger', SessionUser> = {} as never;
  const clients: Client[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    for (const name of ['buyer', 'seller', 'stranger'] as const) {
      users[name] = await db.prisma.user.create({
        data: { email: `${name}@example.kr`, nickname: name, passwordHash: 'x' },
        select: { id: true, email: true, nickname: true, role: true, sessionVersion: true },
      });
    }
    DEAL_PARTIES.set('deal-1', [users.buyer.id, users.seller.id]);
    one = await startServer(db, true);
    two = await startServer(db, true);
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await one.app.close();
    await two.app.close();
    await db.drop();
  });

  function open(url: string, auth: Record<string, unknown>, extraHeaders?: Record<string, string>): Client {
    const client: Client = connect(`${url}/trade`, { auth, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders });
    clients.push(client);
    return client;
  }
  const tokenOf = (user: SessionUser) => one.app.signSessionToken(user);
  const connected = (client: Client) =>
    new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
  const refused = (client: Client) =>
    new Promise<{ message: string; data?: unknown }>((resolve) => client.once('connect_error', (error) => resolve(error as never)));
  const nextEvent = <E extends keyof TradeServerEvents>(client: Client, event: E) =>
    new Promise<Parameters<TradeServerEvents[E]>[0]>((resolve) => client.once(event, ((payload: never) => resolve(payload)) as never));
  /** Collects what a client hears, to prove it heard nothing. */
  const heard = (client: Client) => {
    const events: string[] = [];
    client.onAny((event) => events.push(event));
    return events;
  };

  it('takes no connections on the default namespace, which carries no events', async () => {
    const root: Client = connect(one.url, { auth: { token: tokenOf(users.buyer) }, transports: ['websocket'], reconnection: false, forceNew: true });
    clients.push(root);
    expect((await refused(root)).data).toEqual({ error: 'not_found', message: serverMessages.notFound });
  });

  it('refuses a handshake without a token, or with a bad or expired one, with a clear error', async () => {
    const none = await refused(open(one.url, {}));
    expect(none.data).toEqual({ error: 'unauthorized', message: serverMessages.unauthorized });

    const forged = await refused(open(one.url, { token: `${tokenOf(users.buyer).slice(0, -3)}abc` }));
    expect(forged.data).toEqual({ error: 'invalid_token', message: serverMessages.sessionInvalid });

    const expired = one.app.jwt.sign(
      { userId: users.buyer.id, email: users.buyer.email, nickname: users.buyer.nickname, role: 'user' },
      { expiresIn: -5 },
    );
    expect((await refused(open(one.url, { token: expired }))).data).toMatchObject({ error: 'invalid_token' });
  });

  it('refuses pages of another origin and accepts the site\'s own', async () => {
    const foreign = await refused(open(one.url, { token: tokenOf(users.buyer) }, { origin: 'https://evil.example' }));
    expect(foreign.message).toBeTruthy();
    await connected(open(one.url, { token: tokenOf(users.buyer) }, { origin: 'https://sal-league.example' }));
  });

  it('sends a member\'s events to that member only', async () => {
    const buyer = open(one.url, { token: tokenOf(users.buyer) });
    const stranger = open(one.url, { token: tokenOf(users.stranger) });
    await Promise.all([connected(buyer), connected(stranger)]);
    const strangerHeard = heard(stranger);

    const summary = nextEvent(buyer, 'alerts:summary');
    const sent = { ok: true as const, openDealIds: ['deal-1'], newApplicationDealIds: ['deal-1'], unreadChats: 0, asOf: new Date().toISOString() };
    one.app.realtime.toUsers([users.buyer.id]).emit('alerts:summary', sent);
    expect(await summary).toEqual(sent);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerHeard).toEqual([]);
  });

  it('lets only the deal\'s parties into its room, and relays typing to the other party', async () => {
    const buyer = open(one.url, { token: tokenOf(users.buyer) });
    const seller = open(one.url, { token: tokenOf(users.seller) });
    const stranger = open(one.url, { token: tokenOf(users.stranger) });
    await Promise.all([connected(buyer), connected(seller), connected(stranger)]);

    expect(await buyer.emitWithAck('deal:join', 'deal-1')).toEqual({ ok: true });
    expect(await seller.emitWithAck('deal:join', 'deal-1')).toEqual({ ok: true });
    expect(await stranger.emitWithAck('deal:join', 'deal-1')).toEqual({ ok: false, error: 'forbidden', message: serverMessages.forbidden });
    expect(await stranger.emitWithAck('deal:join', '../../etc')).toMatchObject({ ok: false, error: 'bad_request' });
    const strangerHeard = heard(stranger);

    const typing = nextEvent(seller, 'chat:typing');
    buyer.emit('chat:typing', { dealId: 'deal-1', typing: true });
    expect(await typing).toEqual({ dealId: 'deal-1', userId: users.buyer.id, typing: true });

    // Typing into a room the socket is not in goes nowhere.
    stranger.emit('chat:typing', { dealId: 'deal-1', typing: true });

    const updated = nextEvent(buyer, 'deal:updated');
    one.app.realtime.toDeal('deal-1').emit('deal:updated', {
      dealId: 'deal-1', postId: 'post-1', status: 'IN_PROGRESS', postStatus: '거래중', confirmations: { buyer: false, seller: true }, completed: false, closed: false,
      endedBy: null, endReason: null,
    });
    expect((await updated).confirmations).toEqual({ buyer: false, seller: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(strangerHeard).toEqual([]);
  });

  it('limits deal:join and chat:typing per socket: excess joins are refused before any query, excess typing dropped', async () => {
    const buyer = open(one.url, { token: tokenOf(users.buyer) });
    const seller = open(one.url, { token: tokenOf(users.seller) });
    await Promise.all([connected(buyer), connected(seller)]);
    await seller.emitWithAck('deal:join', 'deal-1');

    // 25 joins at once: the burst of 10 is answered; the rest are refused and cost no policy check.
    const checksBefore = policyChecks;
    const answers = await Promise.all(Array.from({ length: 25 }, () => buyer.emitWithAck('deal:join', 'deal-1')));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(10);
    const refusedJoins = answers.filter((answer) => !answer.ok);
    expect(refusedJoins).toHaveLength(15);
    expect(refusedJoins[0]).toEqual({ ok: false, error: 'rate_limited', message: serverMessages.tooManyRequests(1) });
    expect(policyChecks - checksBefore).toBe(20);

    // 20 typing notices at once: the other party hears the burst of 5.
    const sellerHeard = heard(seller);
    for (let index = 0; index < 20; index += 1) buyer.emit('chat:typing', { dealId: 'deal-1', typing: index % 2 === 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sellerHeard.filter((event) => event === 'chat:typing')).toHaveLength(5);

    // The budget refills (one join a second): after a pause the socket may join again; another socket never shared it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await buyer.emitWithAck('deal:join', 'deal-1')).toEqual({ ok: true });
    expect(await seller.emitWithAck('deal:join', 'deal-1')).toEqual({ ok: true });
  });

  it('takes a member out of a deal room when their access ends', async () => {
    const buyer = open(one.url, { token: tokenOf(users.buyer) });
    await connected(buyer);
    await buyer.emitWithAck('deal:join', 'deal-1');
    one.app.realtime.leaveDeal(users.buyer.id, 'deal-1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const buyerHeard = heard(buyer);
    one.app.realtime.toDeal('deal-1').emit('chat:typing', { dealId: 'deal-1', userId: 'x', typing: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(buyerHeard).toEqual([]);
  });

  it('delivers events emitted by another server process on the same database', async () => {
    const seller = open(two.url, { token: tokenOf(users.seller) });
    await connected(seller);
    await seller.emitWithAck('deal:join', 'deal-1');

    const applicant = nextEvent(seller, 'deal:applicant');
    const deal = {
      _id: 'deal-1', postId: 'post-1', buyerId: { _id: users.buyer.id, nickname: 'buyer' }, price: 5000, note: '', status: 'IN_PROGRESS' as const,
      closed: false, confirmations: { buyer: false, seller: false }, sellerAcked: false, unreadCount: 0,
      createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), completedAt: null,
      endedBy: null, endReason: null, endedAt: null, expiresAt: null,
    };
    one.app.realtime.toUsers([users.seller.id]).emit('deal:applicant', { postId: 'post-1', dealId: 'deal-1', buyerNick: 'buyer', price: 5000, deal });
    expect(await applicant).toEqual({ postId: 'post-1', dealId: 'deal-1', buyerNick: 'buyer', price: 5000, deal });

    // A payload over PostgreSQL's NOTIFY limit travels through the attachments table.
    const message = nextEvent(seller, 'chat:message');
    const longText = '가'.repeat(4000);
    one.app.realtime.toDeal('deal-1').emit('chat:message', {
      dealId: 'deal-1', postId: 'post-1',
      message: { _id: 'm1', seq: 1, clientId: 'c1', kind: 'user', systemEvent: null, senderId: users.buyer.id, senderNick: 'buyer', text: longText, createdAt: new Date().toISOString(), warnings: [] },
    });
    expect((await message).message.text).toBe(longText);
  });
});
