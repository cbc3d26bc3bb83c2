import { createHmac } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../server/lib/messages.js';
import type { TestContext } from '../helpers/test-app.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';
import { startLiveApp, messagesUrl, type LiveApp, type Method } from './live-app.js';
import { settle } from './live-client.js';
import { createMember, type TestMember } from '../factories/members.js';

/**
 * The live push of the whole app: real socket.io-client connections to the listening server, every write made
 * through the REST API as the pages make it. Each test checks who hears what, and that nobody else does.
 */
describe('live trade push over Socket.IO (full app)', () => {
  let live: LiveApp;
  let ctx: TestContext;
  const open = (auth: Record<string, unknown>, extraHeaders?: Record<string, string>) => live.open(auth, extraHeaders);
  const online = (member: TestMember) => live.online(member);
  const api = (member: TestMember | null, method: Method, url: string, payload?: object) => live.api(member, method, url, payload);
  const scene = () => live.scene();

  beforeAll(async () => {
    live = await startLiveApp();
    ctx = live.ctx;
  });
  afterEach(() => live.closeClients());
  afterAll(async () => ctx.close());

  describe('handshake', () => {
    it('refuses no token, a forged, expired, other-key or other-algorithm token, and a deleted member', async () => {
      const member = await createMember(ctx);
      const claims = { userId: member.id, email: member.email, nickname: member.nickname, role: 'user' as const };
      const expired = ctx.app.jwt.sign(claims, { expiresIn: -10 });
      const hs512 = ctx.app.jwt.sign(claims, { algorithm: 'HS512' });
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}`;
      const otherKey = `${body}.${createHmac('sha256', 'another-secret-that-is-long-enough-too').update(body).digest('base64url')}`;
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;

      expect((await open({}).refused()).data).toEqual({ error: 'unauthorized', message: serverMessages.unauthorized });
      for (const token of [`${member.token.slice(0, -2)}xx`, expired, hs512, otherKey, unsigned]) {
        expect((await open({ token }).refused()).data).toEqual({ error: 'invalid_token', message: serverMessages.sessionInvalid });
      }
      const deleted = await createMember(ctx);
      await ctx.db.prisma.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
      expect((await open({ token: deleted.token }).refused()).data).toMatchObject({ error: 'invalid_token' });
    });

    it("refuses pages of a foreign origin and accepts the site's public origin", async () => {
      const member = await createMember(ctx);
      const foreign = await open({ token: member.token }, { origin: 'https://evil.example' }).refused();
      expect(foreign.message).toBeTruthy();
      await open({ token: member.token }, { origin: 'https://sal-league.example' }).connected();
    });

    it('ends a connection when its token expires', async () => {
      const member = await createMember(ctx);
      const shortLived = ctx.app.jwt.sign({ userId: member.id, email: member.email, nickname: member.nickname, role: 'user' }, { expiresIn: 2 });
      const client = open({ token: shortLived });
      await client.connected();
      const reason = await new Promise<string>((resolve) => client.socket.once('disconnect', resolve));
      expect(reason).toBe('io server disconnect');
    });

    it('ends every open tab of a member who deletes the account, and refuses their token after', async () => {
      const [leaving, staying] = await Promise.all([createMember(ctx), createMember(ctx)]);
      const tabs = [await online(leaving), await online(leaving)];
      const other = await online(staying);
      const ended = tabs.map((tab) => new Promise<string>((resolve) => tab.socket.once('disconnect', resolve)));
      expect((await api(leaving, 'DELETE', '/api/auth/delete')).statusCode).toBe(200);
      expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);
      expect((await open({ token: leaving.token }).refused()).data).toMatchObject({ error: 'invalid_token' });
      await settle(200);
      expect(other.socket.connected).toBe(true);
    });
  });

  describe('deal rooms', () => {
    it('lets the two parties in, and neither a stranger, a restricted party nor anyone once the chat has closed', async () => {
      const { seller, buyer, stranger, postId, dealId } = await scene();
      const [sellerLive, buyerLive, strangerLive] = await Promise.all([online(seller), online(buyer), online(stranger)]);
      expect(await sellerLive.join(dealId)).toEqual({ ok: true });
      expect(await buyerLive.join(dealId)).toEqual({ ok: true });
      expect(await strangerLive.join(dealId)).toEqual({ ok: false, error: 'forbidden', message: serverMessages.forbidden });
      expect(await strangerLive.join('not-a-uuid')).toMatchObject({ ok: false });

      const restricted = await createMember(ctx);
      const restrictedDeal = await propose(ctx, restricted, postId);
      await ctx.db.prisma.tradeProfile.upsert({ where: { userId: restricted.id }, create: { userId: restricted.id, banned: true }, update: { banned: true } });
      expect(await (await online(restricted)).join(restrictedDeal)).toMatchObject({ ok: false, error: 'forbidden' });

      await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
      await api(seller, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
      expect(await buyerLive.join(dealId)).toMatchObject({ ok: false, error: 'forbidden' });
    });
  });

  describe('events reach exactly the right members', () => {
    it('chat: the message to the room, unread counts to the recipient, the read receipt back; a stranger hears nothing', async () => {
      const { seller, buyer, stranger, postId, dealId } = await scene();
      const [sellerLive, sellerOtherTab, buyerLive, strangerLive] = await Promise.all([online(seller), online(seller), online(buyer), online(stranger)]);
      await sellerLive.join(dealId);
      await buyerLive.join(dealId);

      const sent = (await api(buyer, 'POST', messagesUrl(postId, dealId), { text: '안녕하세요', clientId: 'hello-1' })).json().message;
      const pushed = await sellerLive.next('chat:message');
      expect(pushed).toEqual({ dealId, postId, message: sent });
      expect(await sellerLive.next('chats:unread')).toMatchObject({ byDeal: { [dealId]: 1 }, total: 1 });
      expect(await sellerOtherTab.next('chats:unread')).toMatchObject({ total: 1 });
      await buyerLive.next('chat:message');

      // The seller loads the chat: the buyer sees how far they read, and the seller's count drops to zero.
      await api(seller, 'GET', messagesUrl(postId, dealId));
      expect(await buyerLive.next('chat:read')).toEqual({ dealId, userId: seller.id, messageId: sent._id, seq: sent.seq });
      expect(await sellerLive.next('chats:unread', (event) => event.total === 0)).toMatchObject({ byDeal: {}, total: 0 });

      await settle();
      expect(sellerLive.events()).toEqual(['chat:message', 'chats:unread', 'chat:read', 'chats:unread']);
      expect(sellerOtherTab.events()).toEqual(['chats:unread', 'chats:unread']);
      expect(buyerLive.events()).toEqual(['chat:message', 'chat:read']);
      expect(strangerLive.events()).toEqual([]);
    });

    it('typing goes to the other party in the room only', async () => {
      const { seller, buyer, stranger, dealId } = await scene();
      const [sellerLive, buyerLive, strangerLive] = await Promise.all([online(seller), online(buyer), online(stranger)]);
      await sellerLive.join(dealId);
      await buyerLive.join(dealId);
      buyerLive.socket.emit('chat:typing', { dealId, typing: true });
      strangerLive.socket.emit('chat:typing', { dealId, typing: true });
      expect(await sellerLive.next('chat:typing')).toEqual({ dealId, userId: buyer.id, typing: true });
      await settle();
      expect(sellerLive.events()).toEqual(['chat:typing']);
      expect(buyerLive.events()).toEqual([]);
      expect(strangerLive.events()).toEqual([]);
    });

    it('an application: the applicant and the alert summary to the seller, the summary to the buyer, the post to list watchers', async () => {
      const [seller, buyer, stranger, watcher] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const [sellerLive, buyerLive, strangerLive, watcherLive] = await Promise.all([online(seller), online(buyer), online(stranger), online(watcher)]);
      watcherLive.socket.emit('posts:watch');
      await settle(100);

      const proposed = (await api(buyer, 'POST', `/api/trade/posts/${post._id}/propose`, { price: '150000', note: '[알파] 저녁 가능' })).json();
      const applicant = await sellerLive.next('deal:applicant');
      expect(applicant).toMatchObject({ postId: post._id, dealId: proposed.dealId, buyerNick: buyer.nickname, price: 150000 });
      expect(applicant.deal).toMatchObject({ _id: proposed.dealId, note: '[알파] 저녁 가능', sellerAcked: false, buyerId: { _id: buyer.id } });
      expect(await sellerLive.next('alerts:summary')).toMatchObject({
        openDealIds: [proposed.dealId], newApplicationDealIds: [proposed.dealId], unreadChats: 0,
      });
      expect(await buyerLive.next('alerts:summary')).toMatchObject({ openDealIds: [proposed.dealId], newApplicationDealIds: [] });
      expect(await watcherLive.next('post:changed')).toEqual({
        postId: post._id, reason: 'applied', status: '거래중', statusCode: 'in_progress', dealCount: 1,
      });

      await settle();
      expect(sellerLive.events()).toEqual(['deal:applicant', 'alerts:summary']);
      expect(buyerLive.events()).toEqual(['alerts:summary']);
      expect(watcherLive.events()).toEqual(['post:changed']);
      expect(strangerLive.events()).toEqual([]);

      // The seller opens the application: their summary no longer counts it as new; nobody else hears of it.
      [sellerLive, buyerLive].forEach((client) => client.forget());
      await api(seller, 'POST', `/api/trade/posts/${post._id}/deals/${proposed.dealId}/ack-seller`);
      expect(await sellerLive.next('alerts:summary')).toMatchObject({ openDealIds: [proposed.dealId], newApplicationDealIds: [] });
      await settle();
      expect(sellerLive.events()).toEqual(['alerts:summary']);
      expect(buyerLive.events()).toEqual([]);
      expect(strangerLive.events()).toEqual([]);
    });

    it('confirmations: system messages and deal updates to the parties; completion closes the room and the other deals', async () => {
      const { seller, buyer, stranger, postId, dealId } = await scene();
      const rival = await createMember(ctx, { nickname: '경쟁' });
      const rivalDeal = await propose(ctx, rival, postId);
      await settle(200); // the rival's application pushes its summaries before anyone connects, as in scene()
      const [sellerLive, buyerLive, rivalLive, strangerLive] = await Promise.all([online(seller), online(buyer), online(rival), online(stranger)]);
      await sellerLive.join(dealId);
      await buyerLive.join(dealId);
      await rivalLive.join(rivalDeal);

      await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
      const confirmedNotice = await sellerLive.next('chat:message');
      expect(confirmedNotice.message).toMatchObject({ kind: 'system', systemEvent: 'confirmed', senderId: buyer.id, text: serverMessages.tradeSystemConfirmed('buyer') });
      expect(await sellerLive.next('deal:updated')).toEqual({
        dealId, postId, status: 'IN_PROGRESS', postStatus: '거래중', confirmations: { buyer: true, seller: false }, completed: false, closed: false,
        endedBy: null, endReason: null,
      });
      await buyerLive.next('deal:updated');
      await settle();
      expect(sellerLive.events()).toEqual(['chat:message', 'deal:updated']);
      expect(buyerLive.events()).toEqual(['chat:message', 'deal:updated']);
      expect(rivalLive.events()).toEqual([]);
      [sellerLive, buyerLive].forEach((client) => client.forget());

      await api(seller, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
      const closing = await buyerLive.next('deal:updated');
      expect(closing).toMatchObject({ dealId, status: 'COMPLETED', postStatus: '거래완료', completed: true, closed: true });
      expect(buyerLive.payloads('chat:message').map((event) => event.message.systemEvent)).toEqual(['confirmed', 'completed']);
      // The other buyer's chat closed too: its notice and its update reach that buyer.
      expect((await rivalLive.next('chat:message')).message).toMatchObject({ systemEvent: 'closed', text: serverMessages.tradeSystemClosed });
      expect(await rivalLive.next('deal:updated')).toMatchObject({ dealId: rivalDeal, status: 'CLOSED', closed: true, completed: false });
      expect(await rivalLive.next('alerts:summary')).toMatchObject({ openDealIds: [] });
      await settle();

      // The closing events were the rooms' last: typing no longer reaches anyone.
      buyerLive.socket.emit('chat:typing', { dealId, typing: true });
      await settle();
      expect(sellerLive.events().filter((event) => event !== 'alerts:summary')).toEqual(['chat:message', 'chat:message', 'deal:updated', 'deal:updated']);
      // The seller is a party of both deals: one update each (the rival's through the seller's own room).
      expect(sellerLive.payloads('deal:updated').map((event) => event.dealId)).toEqual([dealId, rivalDeal]);
      expect(sellerLive.events().filter((event) => event === 'alerts:summary')).toHaveLength(1);
      expect(buyerLive.events()).toEqual(['chat:message', 'chat:message', 'deal:updated', 'alerts:summary']);
      expect(strangerLive.events()).toEqual([]);
    });

    it('a resent message (same clientId) is pushed once', async () => {
      const { seller, buyer, postId, dealId } = await scene();
      const sellerLive = await online(seller);
      await sellerLive.join(dealId);
      const payload = { text: '재전송 시험입니다', clientId: 'retry-42' };
      const answers = await Promise.all([
        api(buyer, 'POST', messagesUrl(postId, dealId), payload),
        api(buyer, 'POST', messagesUrl(postId, dealId), payload),
      ]);
      await api(buyer, 'POST', messagesUrl(postId, dealId), payload);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
      await sellerLive.next('chat:message');
      await settle();
      expect(sellerLive.payloads('chat:message').map((event) => event.message.clientId)).toEqual(['retry-42']);
      const stored = (await api(seller, 'GET', messagesUrl(postId, dealId))).json().items as { clientId: string }[];
      expect(stored.filter((item) => item.clientId === 'retry-42')).toHaveLength(1);
    });

    it('a restriction by an admin takes the member out of their deal rooms at once', async () => {
      const { seller, buyer, postId, dealId } = await scene();
      const admin = await createMember(ctx, { role: 'admin' });
      const [sellerLive, buyerLive] = await Promise.all([online(seller), online(buyer)]);
      await sellerLive.join(dealId);
      await buyerLive.join(dealId);
      const banned = await api(admin, 'POST', '/api/trade/admin/bans', { email: buyer.email, reason: '사기 신고', days: 3 });
      expect(banned.statusCode).toBe(200);
      // The member's own sockets hear their new standing at once, with the reason and the end.
      expect(await buyerLive.next('trade:standing')).toMatchObject({ canTrade: false, restriction: { reason: '사기 신고' } });
      // Their open deal was cancelled (as by them): both hear its end; then they are out of the room.
      expect(await sellerLive.next('deal:updated')).toMatchObject({ dealId, status: 'CANCELLED', endedBy: 'buyer' });
      await settle();
      expect(sellerLive.payloads('deal:updated')).toHaveLength(1);
      expect(await buyerLive.join(dealId)).toMatchObject({ ok: false });
      expect((await api(buyer, 'GET', messagesUrl(postId, dealId))).statusCode).toBe(200);
    });
  });
});
