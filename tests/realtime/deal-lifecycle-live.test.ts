import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_EXPIRY_HOURS } from '../../server/contracts/trade.js';
import { serverMessages } from '../../server/lib/messages.js';
import { messagesUrl, startLiveApp, type LiveApp } from './live-app.js';
import { settle, type LiveClient } from './live-client.js';
import { createMember } from '../factories/members.js';

/**
 * Every way a deal ends reaches its two parties once each, live: the notice in the chat (to the deal's room), the
 * deal's new state (to both, however many of their sockets are in the room too), their alert counts, and the post's
 * public facts to list watchers; nobody else hears of it, and the room is over.
 */
describe('deal lifecycle over Socket.IO: each end reaches the right members once', () => {
  let live: LiveApp;

  beforeAll(async () => {
    // A sweep every second: the sweep's own pushes are part of what is tested.
    live = await startLiveApp({ DEAL_EXPIRY_SWEEP_SECONDS: '1' });
  });
  afterEach(() => live.closeClients());
  afterAll(async () => live.ctx.close());

  const dealUrl = (postId: string, dealId: string) => `/api/trade/posts/${postId}/deals/${dealId}`;
  const idleFor = (dealId: string, hours: number) =>
    live.ctx.db.prisma.$executeRaw`UPDATE trade_deals SET last_activity_at = clock_timestamp() - make_interval(hours => ${hours}::int) WHERE id = ${dealId}::uuid`;

  /** The scene with both parties online in the deal's room, a stranger online, and a list watcher. */
  async function roomScene(underWay: boolean) {
    const scene = await live.scene();
    if (underWay) {
      await live.api(scene.buyer, 'POST', `${dealUrl(scene.postId, scene.dealId)}/confirm`);
      await settle(200);
    }
    const watcher = await createMember(live.ctx);
    const [sellerLive, buyerLive, strangerLive, watcherLive] = await Promise.all([
      live.online(scene.seller), live.online(scene.buyer), live.online(scene.stranger), live.online(watcher),
    ]);
    expect(await sellerLive.join(scene.dealId)).toEqual({ ok: true });
    expect(await buyerLive.join(scene.dealId)).toEqual({ ok: true });
    watcherLive.socket.emit('posts:watch');
    await settle(100);
    return { ...scene, sellerLive, buyerLive, strangerLive, watcherLive };
  }

  /** What one party heard of the end: one notice, one update, one fresh summary without the deal. */
  async function expectPartyTold(client: LiveClient, dealId: string, expected: { event: string; text: string; status: string; endedBy: string | null; endReason: string | null }) {
    const notice = await client.next('chat:message');
    expect(notice.message).toMatchObject({ kind: 'system', systemEvent: expected.event, text: expected.text });
    expect(await client.next('deal:updated')).toMatchObject({
      dealId, status: expected.status, closed: true, completed: false, endedBy: expected.endedBy, endReason: expected.endReason,
    });
    expect((await client.next('alerts:summary')).openDealIds).not.toContain(dealId);
    await settle();
    expect(client.events().sort()).toEqual(['alerts:summary', 'chat:message', 'deal:updated']);
    expect(client.events().indexOf('chat:message')).toBeLessThan(client.events().indexOf('deal:updated'));
  }

  async function expectOthersTold(
    scene: Awaited<ReturnType<typeof roomScene>>,
    post: { reason: string; status: string; statusCode: string } = { reason: 'ended', status: '거래대기', statusCode: 'waiting' },
  ) {
    expect(await scene.watcherLive.next('post:changed')).toEqual({ postId: scene.postId, ...post, dealCount: 1 });
    await settle();
    expect(scene.watcherLive.events()).toEqual(['post:changed']);
    expect(scene.strangerLive.events()).toEqual([]);
    // The room is over: typing reaches nobody, and nobody may join again.
    scene.buyerLive.socket.emit('chat:typing', { dealId: scene.dealId, typing: true });
    await settle(200);
    expect(scene.sellerLive.events()).not.toContain('chat:typing');
    expect(await scene.sellerLive.join(scene.dealId)).toMatchObject({ ok: false, error: 'forbidden' });
  }

  it('the seller rejects an application', async () => {
    const scene = await roomScene(false);
    await live.api(scene.seller, 'POST', `${dealUrl(scene.postId, scene.dealId)}/reject`, { reason: '재고가 없습니다' });
    const told = { event: 'rejected', text: serverMessages.tradeSystemRejected('재고가 없습니다'), status: 'REJECTED', endedBy: 'seller', endReason: '재고가 없습니다' };
    await expectPartyTold(scene.sellerLive, scene.dealId, told);
    await expectPartyTold(scene.buyerLive, scene.dealId, told);
    await expectOthersTold(scene);
  });

  it('the buyer withdraws an application', async () => {
    const scene = await roomScene(false);
    await live.api(scene.buyer, 'POST', `${dealUrl(scene.postId, scene.dealId)}/withdraw`, {});
    const told = { event: 'withdrawn', text: serverMessages.tradeSystemWithdrawn(null), status: 'WITHDRAWN', endedBy: 'buyer', endReason: null };
    await expectPartyTold(scene.sellerLive, scene.dealId, told);
    await expectPartyTold(scene.buyerLive, scene.dealId, told);
    await expectOthersTold(scene);
  });

  it.each(['buyer', 'seller'] as const)('the %s cancels a deal under way', async (role) => {
    const scene = await roomScene(true);
    await live.api(scene[role], 'POST', `${dealUrl(scene.postId, scene.dealId)}/cancel`, { reason: '연락이 되지 않아요' });
    const told = {
      event: 'cancelled', text: serverMessages.tradeSystemCancelled(role, '연락이 되지 않아요'), status: 'CANCELLED', endedBy: role, endReason: '연락이 되지 않아요',
    };
    await expectPartyTold(scene.sellerLive, scene.dealId, told);
    await expectPartyTold(scene.buyerLive, scene.dealId, told);
    await expectOthersTold(scene);
  });

  it('a deal expires when read past its time', async () => {
    const scene = await roomScene(false);
    await idleFor(scene.dealId, DEAL_EXPIRY_HOURS + 1);
    await Promise.all([
      live.api(scene.seller, 'GET', messagesUrl(scene.postId, scene.dealId)),
      live.api(scene.buyer, 'GET', messagesUrl(scene.postId, scene.dealId)),
    ]);
    const told = { event: 'expired', text: serverMessages.tradeSystemExpired(DEAL_EXPIRY_HOURS), status: 'EXPIRED', endedBy: null, endReason: null };
    await expectPartyTold(scene.sellerLive, scene.dealId, told);
    await expectPartyTold(scene.buyerLive, scene.dealId, told);
    await expectOthersTold(scene);
  });

  it('a deal nobody looks at is expired by the sweep, and its parties are told', async () => {
    const scene = await roomScene(false);
    await idleFor(scene.dealId, DEAL_EXPIRY_HOURS + 1);
    // Nobody reads: within the sweep's interval (1 s here) the parties hear of it.
    const told = { event: 'expired', text: serverMessages.tradeSystemExpired(DEAL_EXPIRY_HOURS), status: 'EXPIRED', endedBy: null, endReason: null };
    await expectPartyTold(scene.sellerLive, scene.dealId, told);
    await expectPartyTold(scene.buyerLive, scene.dealId, told);
    await expectOthersTold(scene);
  });

  it('the seller marks the post sold: its open application closes', async () => {
    const scene = await roomScene(false);
    await live.api(scene.seller, 'POST', `/api/trade/posts/${scene.postId}/state`, { state: 'sold' });
    const told = { event: 'closed', text: serverMessages.tradeSystemClosedSold, status: 'CLOSED', endedBy: null, endReason: null };
    await expectPartyTold(scene.sellerLive, scene.dealId, told);
    await expectPartyTold(scene.buyerLive, scene.dealId, told);
    await expectOthersTold(scene, { reason: 'state', status: '거래완료', statusCode: 'completed' });
  });

  it('a buyer who deletes the account: the seller is told once; the buyer\'s sockets are ended', async () => {
    const scene = await roomScene(false);
    const ended = new Promise<string>((resolve) => scene.buyerLive.socket.once('disconnect', resolve));
    expect((await live.api(scene.buyer, 'DELETE', '/api/auth/delete')).statusCode).toBe(200);
    expect(await ended).toBe('io server disconnect');
    await expectPartyTold(scene.sellerLive, scene.dealId, {
      event: 'cancelled',
      text: serverMessages.tradeSystemCancelled('buyer', serverMessages.tradeEndReasonAccountDeleted),
      status: 'CANCELLED',
      endedBy: 'buyer',
      endReason: serverMessages.tradeEndReasonAccountDeleted,
    });
    expect(await scene.watcherLive.next('post:changed')).toMatchObject({ postId: scene.postId, reason: 'ended', statusCode: 'waiting' });
    expect(scene.strangerLive.events()).toEqual([]);
  });
});
