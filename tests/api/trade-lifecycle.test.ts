import { describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { DEAL_EXPIRY_HOURS } from '../../server/contracts/trade.js';
import { createPrismaClient } from '../../server/db/client.js';
import { serverMessages } from '../../server/lib/messages.js';
import { dealLifecycleService } from '../../server/modules/trade/deal-lifecycle-service.js';
import { noTradeEvents } from '../../server/modules/trade/trade-events.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

/**
 * The deal lifecycle beyond completion: the seller rejects, the buyer withdraws, either party cancels a deal under
 * way, a deal expires without activity, a leaving member's deals end; every refusal (wrong party, wrong state,
 * after completion), and races that must end in exactly one state.
 */
describe('trade deal lifecycle: reject, withdraw, cancel, expire, account deletion', () => {
  const ctx = useTestApp();

  const dealUrl = (postId: string, dealId: string) => `/api/trade/posts/${postId}/deals/${dealId}`;
  const act = (member: TestMember | null, postId: string, dealId: string, action: string, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `${dealUrl(postId, dealId)}/${action}`,
      headers: member ? member.headers : {},
      ...(payload ? { payload } : {}),
    });
  const chatOf = async (member: TestMember, postId: string, dealId: string) =>
    (await ctx.app.inject({ url: `${dealUrl(postId, dealId)}/messages`, headers: member.headers })).json();
  const systemEvents = async (member: TestMember, postId: string, dealId: string) =>
    ((await chatOf(member, postId, dealId)).items as { kind: string; systemEvent: string; text: string }[])
      .filter((item) => item.kind === 'system');
  const stored = (dealId: string) => ctx.db.prisma.tradeDeal.findUniqueOrThrow({ where: { id: dealId } });
  const postStatusOf = async (postId: string) => (await ctx.app.inject({ url: `/api/trade/posts/${postId}?view=0` })).json().post.statusCode;

  /** A fresh seller, buyer and onlooker with one application between the first two. */
  async function applied() {
    const [seller, buyer, other] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
    const post = await createPost(ctx, seller);
    const dealId = await propose(ctx, buyer, post._id);
    return { seller, buyer, other, postId: post._id, dealId };
  }

  /** An application the buyer has confirmed: under way. */
  async function underWay() {
    const scene = await applied();
    expect((await act(scene.buyer, scene.postId, scene.dealId, 'confirm')).statusCode).toBe(200);
    return scene;
  }

  /** Moves a deal's last activity back by `hours` (the test's precondition: that much time without activity). */
  const idleFor = (dealId: string, hours: number) =>
    ctx.db.prisma.$executeRaw`UPDATE trade_deals SET last_activity_at = clock_timestamp() - make_interval(hours => ${hours}::int) WHERE id = ${dealId}::uuid`;

  describe('reject (seller, before anybody confirmed)', () => {
    it('ends the application with the reason in the chat; the post waits again; the chat is closed', async () => {
      const { seller, buyer, postId, dealId } = await applied();
      expect(await postStatusOf(postId)).toBe('in_progress');
      const response = await act(seller, postId, dealId, 'reject', { reason: '  이미 다른 분과 약속했습니다  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        ok: true, dealId, status: 'REJECTED', endedBy: 'seller', endReason: '이미 다른 분과 약속했습니다', changed: true,
        postStatus: '거래대기', postStatusCode: 'waiting',
      });
      expect(response.json().endedAt).not.toBeNull();
      expect(await postStatusOf(postId)).toBe('waiting');

      const chat = await chatOf(buyer, postId, dealId);
      expect(chat).toMatchObject({ closed: true, dealStatus: 'REJECTED', endedBy: 'seller', endReason: '이미 다른 분과 약속했습니다', expiresAt: null });
      expect(chat.items.at(-1)).toMatchObject({
        kind: 'system', systemEvent: 'rejected', senderId: seller.id, text: serverMessages.tradeSystemRejected('이미 다른 분과 약속했습니다'),
      });
      const send = await ctx.app.inject({ method: 'POST', url: `${dealUrl(postId, dealId)}/messages`, headers: buyer.headers, payload: { text: '왜요?' } });
      expect(send.statusCode).toBe(409);
      expect(send.json().error).toBe('chat_closed');
    });

    it('without a reason the notice says so plainly; a repeat answers the state unchanged', async () => {
      const { seller, buyer, postId, dealId } = await applied();
      expect((await act(seller, postId, dealId, 'reject', {})).json()).toMatchObject({ status: 'REJECTED', endReason: null, changed: true });
      const again = await act(seller, postId, dealId, 'reject', {});
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'REJECTED', changed: false });
      const notices = await systemEvents(buyer, postId, dealId);
      expect(notices.map((item) => item.systemEvent)).toEqual(['applied', 'rejected']);
      expect(notices[1]!.text).toBe(serverMessages.tradeSystemRejected(null));
    });

    it('a rejected buyer cannot apply on the same post again', async () => {
      const { seller, buyer, postId, dealId } = await applied();
      await act(seller, postId, dealId, 'reject', {});
      const again = await ctx.app.inject({
        method: 'POST', url: `/api/trade/posts/${postId}/propose`, headers: buyer.headers, payload: { price: '1000', note: '' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'applied_before', message: serverMessages.tradeAppliedBefore });
    });

    it('refuses the buyer, outsiders and visitors; refuses a deal under way', async () => {
      const { seller, buyer, other, postId, dealId } = await applied();
      expect((await act(null, postId, dealId, 'reject', {})).statusCode).toBe(401);
      expect((await act(other, postId, dealId, 'reject', {})).json()).toMatchObject({ error: 'not_party' });
      const byBuyer = await act(buyer, postId, dealId, 'reject', {});
      expect(byBuyer.statusCode).toBe(403);
      expect(byBuyer.json()).toEqual({ error: 'seller_only', message: serverMessages.tradeSellerOnly });

      await act(buyer, postId, dealId, 'confirm');
      const late = await act(seller, postId, dealId, 'reject', {});
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'deal_under_way', message: serverMessages.tradeDealUnderWay });
      expect((await stored(dealId)).status).toBe('IN_PROGRESS');
    });

    it('refuses a reason over 200 characters with 400 and changes nothing', async () => {
      const { seller, postId, dealId } = await applied();
      const response = await act(seller, postId, dealId, 'reject', { reason: '가'.repeat(201) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'reason_too_long', message: serverMessages.tradeReasonTooLong(200) });
      expect((await stored(dealId)).status).toBe('IN_PROGRESS');
    });
  });

  describe('withdraw (buyer, before anybody confirmed)', () => {
    it('ends the application with a notice; the seller cannot withdraw for the buyer', async () => {
      const { seller, buyer, postId, dealId } = await applied();
      const bySeller = await act(seller, postId, dealId, 'withdraw', {});
      expect(bySeller.statusCode).toBe(403);
      expect(bySeller.json()).toEqual({ error: 'buyer_only', message: serverMessages.tradeBuyerOnly });

      const response = await act(buyer, postId, dealId, 'withdraw', { reason: '다른 곳에서 구했어요' });
      expect(response.json()).toMatchObject({ status: 'WITHDRAWN', endedBy: 'buyer', endReason: '다른 곳에서 구했어요', changed: true });
      const notices = await systemEvents(seller, postId, dealId);
      expect(notices.at(-1)).toMatchObject({ systemEvent: 'withdrawn', text: serverMessages.tradeSystemWithdrawn('다른 곳에서 구했어요') });
      // Ended one way, it cannot end another way.
      expect((await act(seller, postId, dealId, 'reject', {})).json()).toMatchObject({ error: 'deal_ended' });
      expect((await act(buyer, postId, dealId, 'confirm')).json()).toMatchObject({ error: 'deal_ended' });
    });

    it('refuses once the deal is under way', async () => {
      const { buyer, postId, dealId } = await underWay();
      expect((await act(buyer, postId, dealId, 'withdraw', {})).json()).toMatchObject({ error: 'deal_under_way' });
    });
  });

  describe('cancel (either party, once under way)', () => {
    it('needs the deal under way and a reason', async () => {
      const { seller, buyer, postId, dealId } = await applied();
      const early = await act(buyer, postId, dealId, 'cancel', { reason: '시간이 안 맞아요' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: 'deal_not_under_way', message: serverMessages.tradeDealNotUnderWay });
      await act(seller, postId, dealId, 'confirm');
      for (const reason of ['', '   ']) {
        const blank = await act(buyer, postId, dealId, 'cancel', { reason });
        expect(blank.statusCode).toBe(400);
        expect(blank.json()).toEqual({ error: 'reason_required', message: serverMessages.tradeCancelReasonRequired });
      }
      expect((await act(buyer, postId, dealId, 'cancel', {})).statusCode).toBe(400);
      expect((await stored(dealId)).status).toBe('IN_PROGRESS');
    });

    it.each(['buyer', 'seller'] as const)('the %s cancels: the reason is shown in the chat, by role', async (role) => {
      const scene = await underWay();
      const canceller = scene[role];
      const response = await act(canceller, scene.postId, scene.dealId, 'cancel', { reason: '입금이 확인되지 않습니다' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'CANCELLED', endedBy: role, endReason: '입금이 확인되지 않습니다', changed: true });
      const notices = await systemEvents(scene.seller, scene.postId, scene.dealId);
      expect(notices.at(-1)).toMatchObject({
        systemEvent: 'cancelled', senderId: canceller.id, text: serverMessages.tradeSystemCancelled(role, '입금이 확인되지 않습니다'),
      });
      const other = role === 'buyer' ? scene.seller : scene.buyer;
      expect((await act(other, scene.postId, scene.dealId, 'confirm')).json()).toMatchObject({ error: 'deal_ended' });
      expect((await act(other, scene.postId, scene.dealId, 'cancel', { reason: '저도 취소' })).json()).toMatchObject({ error: 'deal_ended' });
      expect((await act(canceller, scene.postId, scene.dealId, 'cancel', { reason: '한 번 더' })).json()).toMatchObject({ changed: false });
    });

    it('refuses outsiders', async () => {
      const { other, postId, dealId } = await underWay();
      expect((await act(other, postId, dealId, 'cancel', { reason: '끼어들기' })).statusCode).toBe(403);
    });
  });

  describe('after completion nothing ends a deal', () => {
    it('reject, withdraw and cancel answer 409 deal_completed; confirm answers the state', async () => {
      const { seller, buyer, postId, dealId } = await underWay();
      await act(seller, postId, dealId, 'confirm');
      for (const [member, action] of [[seller, 'reject'], [buyer, 'withdraw'], [buyer, 'cancel'], [seller, 'cancel']] as const) {
        const response = await act(member, postId, dealId, action, { reason: '완료 후 취소 시도' });
        expect(response.statusCode, action).toBe(409);
        expect(response.json(), action).toEqual({ error: 'deal_completed', message: serverMessages.tradeDealCompletedAlready });
      }
      expect((await act(buyer, postId, dealId, 'confirm')).json()).toMatchObject({ status: 'COMPLETED', completed: false });
      expect((await stored(dealId)).status).toBe('COMPLETED');
    });

    it("another buyer's completion closes the open deals: they can no longer be cancelled or confirmed", async () => {
      const { seller, buyer, postId, dealId } = await underWay();
      const winner = await createMember(ctx);
      const winning = await propose(ctx, winner, postId);
      await act(winner, postId, winning, 'confirm');
      await act(seller, postId, winning, 'confirm');
      expect((await stored(dealId)).status).toBe('CLOSED');
      expect((await act(buyer, postId, dealId, 'cancel', { reason: '늦었네요' })).json()).toMatchObject({ error: 'deal_ended' });
      expect((await act(seller, postId, dealId, 'confirm')).json()).toMatchObject({ error: 'deal_ended' });
    });
  });

  describe('races end in exactly one state', () => {
    it('a cancel and the confirmation that would complete, at the same instant (10 rounds)', async () => {
      const outcomes = new Set<string>();
      for (let round = 0; round < 10; round += 1) {
        const { seller, buyer, postId, dealId } = await underWay();
        const [cancel, confirm] = await Promise.all([
          act(buyer, postId, dealId, 'cancel', { reason: '동시 취소 시험' }),
          act(seller, postId, dealId, 'confirm'),
        ]);
        const final = await stored(dealId);
        outcomes.add(final.status);
        if (final.status === 'CANCELLED') {
          expect(cancel.statusCode).toBe(200);
          expect(confirm.json()).toMatchObject({ error: 'deal_ended' });
        } else {
          expect(final.status).toBe('COMPLETED');
          expect(confirm.json()).toMatchObject({ completed: true });
          expect(cancel.json()).toMatchObject({ error: 'deal_completed' });
        }
        const ends = (await systemEvents(seller, postId, dealId)).filter((item) => ['cancelled', 'completed'].includes(item.systemEvent));
        expect(ends).toHaveLength(1);
      }
      expect([...outcomes].every((status) => status === 'CANCELLED' || status === 'COMPLETED')).toBe(true);
    });

    it('a reject, a withdraw and a confirmation at the same instant: one wins, the others are refused', async () => {
      for (let round = 0; round < 6; round += 1) {
        const { seller, buyer, postId, dealId } = await applied();
        const responses = await Promise.all([
          act(seller, postId, dealId, 'reject', {}),
          act(buyer, postId, dealId, 'withdraw', {}),
          act(buyer, postId, dealId, 'confirm'),
        ]);
        const final = await stored(dealId);
        const endings = (await systemEvents(seller, postId, dealId)).filter((item) => ['rejected', 'withdrawn'].includes(item.systemEvent));
        if (final.status === 'IN_PROGRESS') {
          // The confirmation came first: the deal is under way and both ends were refused.
          expect(responses[0]!.statusCode).toBe(409);
          expect(responses[1]!.statusCode).toBe(409);
          expect(endings).toHaveLength(0);
        } else {
          expect(['REJECTED', 'WITHDRAWN']).toContain(final.status);
          expect(responses.filter((response) => response.statusCode === 200 && response.json().changed === true)).toHaveLength(1);
          expect(endings).toHaveLength(1);
        }
      }
    });
  });

  describe(`expiry after ${DEAL_EXPIRY_HOURS} hours without a message or confirmation`, () => {
    it('an open deal shows when it expires; activity moves it', async () => {
      const { buyer, postId, dealId } = await applied();
      const before = await chatOf(buyer, postId, dealId);
      const lastActivity = (await stored(dealId)).lastActivityAt;
      expect(new Date(before.expiresAt).getTime()).toBe(lastActivity.getTime() + DEAL_EXPIRY_HOURS * 3_600_000);
      await idleFor(dealId, 10);
      await ctx.app.inject({ method: 'POST', url: `${dealUrl(postId, dealId)}/messages`, headers: buyer.headers, payload: { text: '아직 계신가요' } });
      const after = (await stored(dealId)).lastActivityAt;
      expect(after.getTime()).toBeGreaterThan(lastActivity.getTime());
    });

    it('is not due one hour early', async () => {
      const { buyer, postId, dealId } = await applied();
      await idleFor(dealId, DEAL_EXPIRY_HOURS - 1);
      expect((await chatOf(buyer, postId, dealId)).dealStatus).toBe('IN_PROGRESS');
    });

    it('reading an overdue deal expires it once, with a notice; the badge drops it; the post waits again', async () => {
      const { seller, buyer, postId, dealId } = await applied();
      await idleFor(dealId, DEAL_EXPIRY_HOURS + 1);
      // The list does not write, but never shows an overdue deal as under way.
      const list = (await ctx.app.inject({ url: '/api/trade/posts?mine=1', headers: seller.headers })).json();
      expect(list.items.find((item: { _id: string }) => item._id === postId).statusCode).toBe('waiting');
      const [first, second] = await Promise.all([chatOf(buyer, postId, dealId), chatOf(seller, postId, dealId)]);
      for (const chat of [first, second]) expect(chat).toMatchObject({ dealStatus: 'EXPIRED', closed: true, endedBy: null });
      const notices = (await systemEvents(buyer, postId, dealId)).filter((item) => item.systemEvent === 'expired');
      expect(notices).toEqual([expect.objectContaining({ text: serverMessages.tradeSystemExpired(DEAL_EXPIRY_HOURS) })]);
      const summary = (await ctx.app.inject({ url: '/api/trade/alerts/summary', headers: seller.headers })).json();
      expect(summary.openDealIds).not.toContain(dealId);
      expect(await postStatusOf(postId)).toBe('waiting');
    });

    it('the alerts summary expires what is due before answering', async () => {
      const { seller, dealId } = await applied();
      await idleFor(dealId, DEAL_EXPIRY_HOURS + 2);
      const summary = (await ctx.app.inject({ url: '/api/trade/alerts/summary', headers: seller.headers })).json();
      expect(summary.openDealIds).not.toContain(dealId);
      expect((await stored(dealId)).status).toBe('EXPIRED');
    });

    it('a confirmation, a cancel or a message on an overdue deal expires it and is refused', async () => {
      for (const attempt of ['confirm', 'cancel', 'message'] as const) {
        const { seller, buyer, postId, dealId } = attempt === 'cancel' ? await underWay() : await applied();
        await idleFor(dealId, DEAL_EXPIRY_HOURS + 1);
        const response = attempt === 'message'
          ? await ctx.app.inject({ method: 'POST', url: `${dealUrl(postId, dealId)}/messages`, headers: buyer.headers, payload: { text: '늦었나요' } })
          : await act(seller, postId, dealId, attempt, { reason: '늦은 취소' });
        expect(response.statusCode, attempt).toBe(409);
        expect(response.json(), attempt).toEqual({ error: 'deal_expired', message: serverMessages.tradeDealExpired });
        expect((await stored(dealId)).status, attempt).toBe('EXPIRED');
        const texts = (await chatOf(buyer, postId, dealId)).items.map((item: { text: string }) => item.text);
        expect(texts, attempt).not.toContain('늦었나요');
      }
    });

    it('two processes sweeping at the same instant expire each overdue deal once', async () => {
      const scenes = await Promise.all([applied(), applied(), applied()]);
      for (const scene of scenes) await idleFor(scene.dealId, DEAL_EXPIRY_HOURS + 5);
      // A second process: its own connection pool on the same database.
      const otherProcess = createPrismaClient(ctx.db.url, 3);
      try {
        const results = await Promise.all([
          dealLifecycleService({ prisma: ctx.db.prisma, events: noTradeEvents }).expireOverdue(),
          dealLifecycleService({ prisma: otherProcess, events: noTradeEvents }).expireOverdue(),
        ]);
        expect(results[0]! + results[1]!).toBeGreaterThanOrEqual(scenes.length);
      } finally {
        await otherProcess.$disconnect();
      }
      for (const scene of scenes) {
        expect((await stored(scene.dealId)).status).toBe('EXPIRED');
        const notices = (await systemEvents(scene.buyer, scene.postId, scene.dealId)).filter((item) => item.systemEvent === 'expired');
        expect(notices).toHaveLength(1);
      }
    });
  });

  describe('a deleted account', () => {
    it("ends the leaving member's open deals as cancelled by them, in both roles; finished deals stay", async () => {
      const leaving = await createMember(ctx);
      const [seller, buyer, otherSeller] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
      const theirPost = await createPost(ctx, seller);
      const asBuyer = await propose(ctx, leaving, theirPost._id);
      const ownPost = await createPost(ctx, leaving);
      const asSeller = await propose(ctx, buyer, ownPost._id);
      const donePost = await createPost(ctx, otherSeller);
      const done = await propose(ctx, leaving, donePost._id);
      await act(leaving, donePost._id, done, 'confirm');
      await act(otherSeller, donePost._id, done, 'confirm');

      const response = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: leaving.headers });
      expect(response.statusCode).toBe(200);

      expect(await stored(asBuyer)).toMatchObject({ status: 'CANCELLED', endedBy: 'BUYER', endReason: serverMessages.tradeEndReasonAccountDeleted });
      expect(await stored(asSeller)).toMatchObject({ status: 'CANCELLED', endedBy: 'SELLER', endReason: serverMessages.tradeEndReasonAccountDeleted });
      expect((await stored(done)).status).toBe('COMPLETED');
      const notices = await systemEvents(seller, theirPost._id, asBuyer);
      expect(notices.at(-1)).toMatchObject({
        systemEvent: 'cancelled', text: serverMessages.tradeSystemCancelled('buyer', serverMessages.tradeEndReasonAccountDeleted),
      });
      const summary = (await ctx.app.inject({ url: '/api/trade/alerts/summary', headers: seller.headers })).json();
      expect(summary.openDealIds).not.toContain(asBuyer);
      expect(await postStatusOf(theirPost._id)).toBe('waiting');
    });
  });
});
