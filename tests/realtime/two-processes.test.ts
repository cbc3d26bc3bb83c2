import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import type { ChatMessage } from '../../server/contracts/trade.js';
import { ChatSession } from '../../web/src/features/trade/chat/chat-session.js';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { createPost } from '../helpers/trade-fixtures.js';
import { LiveClient, settle } from './live-client.js';
import { createMember, type TestMember } from '../factories/members.js';

/**
 * Two real server processes on one database: the buyer's browser talks to one, the seller's to the other (as
 * behind a load balancer). The PostgreSQL adapter carries each process's events to the other's sockets.
 */
describe('two server processes on one database', () => {
  const ctx = useTestApp();
  let dataDir: string;
  let one: ServerProcess | undefined;
  let two: ServerProcess | undefined;
  let env: Record<string, string>;
  let portOne: number;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sal-two-processes-'));
    env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: ctx.db.url,
      DEMO_SEED: 'false',
      JWT_SECRET: ctx.config.jwt.secret,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      // Both processes sweep for overdue deals every second (the last test).
      DEAL_EXPIRY_SWEEP_SECONDS: '1',
    };
    // One after the other: the second start finds the migrations applied and the leagues in place.
    portOne = await freePort();
    one = await startServerProcess({ ...env, PORT: String(portOne) });
    two = await startServerProcess({ ...env, PORT: String(await freePort()) });
  }, 320_000);

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all([stopServerProcess(one), stopServerProcess(two)]);
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function online(server: ServerProcess, member: TestMember): Promise<LiveClient> {
    const client = new LiveClient(server.url, { token: member.token });
    clients.push(client);
    await client.connected();
    return client;
  }
  async function call(server: ServerProcess, member: TestMember, method: 'GET' | 'POST', url: string, body?: object) {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...member.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as { dealId?: string; message?: ChatMessage } };
  }

  it('chat, typing, read receipts and confirmations flow both ways; others on either process hear nothing', async () => {
    const [seller, buyer, stranger] = await Promise.all([
      createMember(ctx, { nickname: '판매' }), createMember(ctx, { nickname: '구매' }), createMember(ctx, { nickname: '제삼자' }),
    ]);
    const post = await createPost(ctx, seller);
    const sellerLive = await online(one!, seller);
    const buyerLive = await online(two!, buyer);
    const strangers = [await online(one!, stranger), await online(two!, stranger)];

    // The buyer applies through process two; the seller, connected to process one, hears of it.
    const proposed = await call(two!, buyer, 'POST', `/api/trade/posts/${post._id}/propose`, { price: '150000', note: '' });
    const dealId = proposed.body.dealId!;
    expect(await sellerLive.next('deal:applicant')).toMatchObject({ dealId, buyerNick: buyer.nickname });
    expect(await sellerLive.next('alerts:summary')).toMatchObject({ openDealIds: [dealId] });
    expect(await sellerLive.join(dealId)).toEqual({ ok: true });
    expect(await buyerLive.join(dealId)).toEqual({ ok: true });

    const messages = `/api/trade/posts/${post._id}/deals/${dealId}/messages`;
    const fromBuyer = await call(two!, buyer, 'POST', messages, { text: '안녕하세요, 구매 원합니다', clientId: 'two-proc-1' });
    expect(fromBuyer.status).toBe(201);
    expect((await sellerLive.next('chat:message')).message).toEqual(fromBuyer.body.message);
    const fromSeller = await call(one!, seller, 'POST', messages, { text: '네 가능합니다', clientId: 'two-proc-2' });
    expect((await buyerLive.next('chat:message', (event) => event.message.clientId === 'two-proc-2')).message).toEqual(fromSeller.body.message);

    sellerLive.socket.emit('chat:typing', { dealId, typing: true });
    expect(await buyerLive.next('chat:typing')).toEqual({ dealId, userId: seller.id, typing: true });

    await call(one!, seller, 'GET', messages);
    expect(await buyerLive.next('chat:read')).toMatchObject({ dealId, userId: seller.id, seq: fromSeller.body.message!.seq });

    await call(two!, buyer, 'POST', `/api/trade/posts/${post._id}/deals/${dealId}/confirm`);
    expect(await sellerLive.next('deal:updated')).toMatchObject({ dealId, confirmations: { buyer: true, seller: false }, closed: false });
    await call(one!, seller, 'POST', `/api/trade/posts/${post._id}/deals/${dealId}/confirm`);
    expect(await buyerLive.next('deal:updated', (event) => event.completed)).toMatchObject({ status: 'COMPLETED', closed: true });
    expect((await buyerLive.next('chat:message', (event) => event.message.systemEvent === 'completed')).message.kind).toBe('system');

    // Each message was heard once on the other process, in order; the closed room is left on both processes.
    await settle(500);
    expect(sellerLive.payloads('chat:message').map((event) => event.message.systemEvent ?? event.message.clientId))
      .toEqual(['two-proc-1', 'two-proc-2', 'confirmed', 'confirmed', 'completed']);
    sellerLive.socket.emit('chat:typing', { dealId, typing: false });
    await settle(500);
    expect(buyerLive.payloads('chat:typing')).toHaveLength(1);
    for (const client of strangers) expect(client.events()).toEqual([]);
  });

  it('a server killed mid-conversation and started again: after resync every message shows exactly once, none lost', async () => {
    const [seller, buyer] = await Promise.all([createMember(ctx, { nickname: '판매' }), createMember(ctx, { nickname: '구매' })]);
    const post = await createPost(ctx, seller);
    const proposed = await call(two!, buyer, 'POST', `/api/trade/posts/${post._id}/propose`, { price: '150000', note: '' });
    const dealId = proposed.body.dealId!;
    const messages = `/api/trade/posts/${post._id}/deals/${dealId}/messages`;

    // The seller's tab, as the web app wires it: process one for REST and the socket; on every (re)connect it
    // joins the deal's room and resyncs (after=<last id>) through the same ChatSession the chat page uses.
    const rest = async (path: string, method: 'GET' | 'POST', body?: object) => {
      const answer = await call(one!, seller, method, path, body);
      if (answer.status >= 400) throw new Error(`HTTP ${answer.status}`);
      return answer.body as never;
    };
    const session = new ChatSession({
      load: (after) => rest(`${messages}${after ? `?after=${after}` : ''}`, 'GET'),
      send: async (text, clientId) => ((await rest(messages, 'POST', { text, clientId })) as { message: ChatMessage }).message,
      markRead: (messageId) => rest(messages.replace(/messages$/, 'read'), 'POST', { messageId }),
    }, seller.id);
    const sellerLive = new LiveClient(one!.url, { token: seller.token }, { reconnection: true });
    clients.push(sellerLive);
    let reconnects = 0;
    sellerLive.socket.on('connect', () => {
      reconnects += 1;
      void sellerLive.join(dealId).then(() => session.resync());
    });
    sellerLive.socket.on('chat:message', (event) => session.receive(event.message));
    await sellerLive.connected();
    await session.resync();

    const buyerSays = async (index: number) => {
      const answer = await call(two!, buyer, 'POST', messages, { text: `구매자 메시지 ${index}`, clientId: `restart-${index}` });
      expect(answer.status).toBe(201);
    };
    for (let index = 1; index <= 5; index += 1) await buyerSays(index);
    await session.send('판매자 메시지 1');

    // Process one dies without a goodbye; the buyer (on process two) keeps writing, the seller tries to.
    await stopServerProcess(one, 'SIGKILL');
    for (let index = 6; index <= 10; index += 1) await buyerSays(index);
    await session.send('판매자 메시지 2');
    expect(session.snapshot().outbox).toMatchObject([{ text: '판매자 메시지 2', state: 'queued' }]);

    one = await startServerProcess({ ...env, PORT: String(portOne) });
    for (let index = 11; index <= 15; index += 1) await buyerSays(index);
    // The waiting message goes when asked (the page asks on reconnect; its timer asks too), and is stored once.
    await session.flush();
    await session.flush();
    await expect.poll(() => session.snapshot().messages.filter((message) => message.kind === 'user').length, { timeout: 15_000 }).toBe(17);
    await settle(500);

    expect(reconnects).toBeGreaterThanOrEqual(2);
    const shown = session.snapshot().messages;
    expect(shown.map((message) => message.seq)).toEqual(Array.from({ length: shown.length }, (_, index) => index + 1));
    expect(new Set(shown.map((message) => message._id)).size).toBe(shown.length);
    const texts = shown.filter((message) => message.kind === 'user').map((message) => message.text);
    expect(texts.filter((text) => text.startsWith('구매자'))).toEqual(Array.from({ length: 15 }, (_, index) => `구매자 메시지 ${index + 1}`));
    expect(texts.filter((text) => text.startsWith('판매자'))).toEqual(['판매자 메시지 1', '판매자 메시지 2']);
    expect(texts.indexOf('판매자 메시지 1')).toBe(texts.indexOf('구매자 메시지 5') + 1);
    // The waiting message goes once the seller's process is back: on the reconnect or at the outbox's own retry,
    // either of which may land before or among the buyer's later messages; never before what was stored first.
    expect(texts.indexOf('판매자 메시지 2')).toBeGreaterThan(texts.indexOf('구매자 메시지 10'));
    expect(session.snapshot().outbox).toEqual([]);
    session.dispose();
  }, 120_000);

  it('both processes sweep for overdue deals: each expires once, and a party on the other process hears it once', async () => {
    const [seller, buyer] = await Promise.all([createMember(ctx, { nickname: '판매' }), createMember(ctx, { nickname: '구매' })]);
    // One after the other: the seller's 20-minute cooldown is cleared after each post.
    const posts = [await createPost(ctx, seller), await createPost(ctx, seller, { title: '둘째 만료 시험 글입니다' })];
    const dealIds: string[] = [];
    for (const post of posts) dealIds.push((await call(two!, buyer, 'POST', `/api/trade/posts/${post._id}/propose`, { price: '1000', note: '' })).body.dealId!);
    const sellerOnOne = await online(one!, seller);
    const buyerOnTwo = await online(two!, buyer);
    await settle(300);
    sellerOnOne.forget();
    buyerOnTwo.forget();

    await ctx.db.prisma.$executeRaw`UPDATE trade_deals SET last_activity_at = now() - interval '73 hours' WHERE id = ANY(${dealIds}::uuid[])`;
    for (const dealId of dealIds) {
      expect(await sellerOnOne.next('deal:updated', (event) => event.dealId === dealId, 10_000)).toMatchObject({ status: 'EXPIRED', closed: true });
      expect(await buyerOnTwo.next('deal:updated', (event) => event.dealId === dealId, 10_000)).toMatchObject({ status: 'EXPIRED' });
    }
    // Two more sweeps of each process: nothing expires twice.
    await settle(2500);
    for (const client of [sellerOnOne, buyerOnTwo]) {
      expect(client.payloads('deal:updated').map((event) => event.dealId).sort()).toEqual([...dealIds].sort());
    }
    const notices = await ctx.db.prisma.tradeChatMessage.count({ where: { dealId: { in: dealIds }, systemEvent: 'EXPIRED' } });
    expect(notices).toBe(dealIds.length);
  }, 60_000);
});
