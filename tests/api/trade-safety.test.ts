import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

/** Reports to the admins with their queue, and blocks between members. */
describe('trade safety: reports and blocks', () => {
  const ctx = useTestApp();
  let admin: TestMember;

  beforeAll(async () => {
    admin = await createMember(ctx, { role: 'admin' });
  });

  const reportAs = (member: TestMember | null, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/trade/reports', headers: member ? member.headers : {}, payload });
  const messagesUrl = (postId: string, dealId: string) => `/api/trade/posts/${postId}/deals/${dealId}/messages`;
  const say = async (member: TestMember, postId: string, dealId: string, text: string) =>
    ctx.app.inject({ method: 'POST', url: messagesUrl(postId, dealId), headers: member.headers, payload: { text } });
  const queue = async (status = 'open') => (await ctx.app.inject({ url: `/api/trade/admin/reports?status=${status}`, headers: admin.headers })).json();

  async function dealScene() {
    const [seller, buyer, other] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
    const post = await createPost(ctx, seller);
    const dealId = await propose(ctx, buyer, post._id);
    return { seller, buyer, other, postId: post._id, dealId };
  }

  describe('reports', () => {
    it('a member reports another member once while open; the admins see it in the queue', async () => {
      const [reporter, target] = await Promise.all([createMember(ctx), createMember(ctx)]);
      const first = await reportAs(reporter, { targetUserId: target.id, reason: 'fraud', detail: '  입금 후 연락 두절  ' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ ok: true, created: true, message: serverMessages.tradeReportReceived });
      const again = await reportAs(reporter, { targetUserId: target.id, reason: 'abuse' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ created: false, reportId: first.json().reportId, message: serverMessages.tradeReportAlready });
      // Parallel reports of one reporter store one.
      const hasty = await createMember(ctx);
      const parallel = await Promise.all(Array.from({ length: 5 }, () => reportAs(hasty, { targetUserId: target.id, reason: 'spam' })));
      expect(parallel.filter((response) => response.statusCode === 201)).toHaveLength(1);

      const item = (await queue()).items.find((entry: { id: string }) => entry.id === first.json().reportId);
      expect(item).toMatchObject({
        reason: 'fraud', detail: '입금 후 연락 두절', status: 'open', reporter: { _id: reporter.id },
        target: { _id: target.id, email: target.email, isBanned: false }, deal: null, message: null, handledBy: null,
      });
    });

    it('refuses oneself, nobody, both kinds at once, and "other" without words', async () => {
      const reporter = await createMember(ctx);
      expect((await reportAs(null, { targetUserId: reporter.id, reason: 'fraud' })).statusCode).toBe(401);
      expect((await reportAs(reporter, { targetUserId: reporter.id, reason: 'fraud' })).json()).toEqual({ error: 'report_self', message: serverMessages.tradeReportSelf });
      expect((await reportAs(reporter, { reason: 'fraud' })).json().error).toBe('report_target');
      expect((await reportAs(reporter, { targetUserId: admin.id, messageId: admin.id, reason: 'fraud' })).json().error).toBe('report_target');
      expect((await reportAs(reporter, { targetUserId: admin.id, reason: 'other', detail: ' ' })).json())
        .toEqual({ error: 'detail_required', message: serverMessages.tradeReportDetailRequired });
      expect((await reportAs(reporter, { targetUserId: admin.id, reason: 'rude' })).statusCode).toBe(400);
      expect((await reportAs(reporter, { targetUserId: '00000000-0000-4000-8000-000000000000', reason: 'fraud' })).statusCode).toBe(404);
    });

    it("a party reports the other party's chat message; the admins see that message and its deal", async () => {
      const { seller, buyer, other, postId, dealId } = await dealScene();
      const sent = (await say(seller, postId, dealId, '카톡으로 와서 선입금 하세요')).json().message;
      const response = await reportAs(buyer, { messageId: sent._id, reason: 'outside_contact' });
      expect(response.statusCode).toBe(201);
      expect((await reportAs(buyer, { messageId: sent._id, reason: 'fraud' })).json()).toMatchObject({ created: false });

      // Only a party may report it; not one's own message, nor a system notice.
      expect((await reportAs(other, { messageId: sent._id, reason: 'fraud' })).json()).toMatchObject({ error: 'not_party' });
      expect((await reportAs(seller, { messageId: sent._id, reason: 'fraud' })).json()).toMatchObject({ error: 'report_self' });
      const chat = (await ctx.app.inject({ url: messagesUrl(postId, dealId), headers: buyer.headers })).json();
      const notice = chat.items.find((item: { kind: string }) => item.kind === 'system');
      expect((await reportAs(seller, { messageId: notice._id, reason: 'spam' })).json()).toEqual({
        error: 'system_message', message: serverMessages.tradeReportSystemMessage,
      });

      const item = (await queue()).items.find((entry: { id: string }) => entry.id === response.json().reportId);
      expect(item).toMatchObject({
        reason: 'outside_contact', reporter: { _id: buyer.id }, target: { _id: seller.id },
        deal: { _id: dealId, postId }, message: { _id: sent._id, text: '카톡으로 와서 선입금 하세요' },
      });
    });

    it('admins handle reports with a note (logged) and may reopen them; members cannot see the queue', async () => {
      const [reporter, target] = await Promise.all([createMember(ctx), createMember(ctx)]);
      const { reportId } = (await reportAs(reporter, { targetUserId: target.id, reason: 'abuse', detail: '욕설' })).json();
      expect((await ctx.app.inject({ url: '/api/trade/admin/reports', headers: reporter.headers })).statusCode).toBe(403);
      const before = await queue();

      const handled = await ctx.app.inject({
        method: 'PATCH', url: `/api/trade/admin/reports/${reportId}`, headers: admin.headers, payload: { status: 'handled', note: '경고 조치' },
      });
      expect(handled.statusCode).toBe(200);
      expect(handled.json().item).toMatchObject({ status: 'handled', handledBy: { _id: admin.id }, handledNote: '경고 조치' });
      expect(handled.json().item.handledAt).not.toBeNull();
      const after = await queue();
      expect(after.openCount).toBe(before.openCount - 1);
      expect(after.items.map((entry: { id: string }) => entry.id)).not.toContain(reportId);
      expect((await queue('handled')).items.map((entry: { id: string }) => entry.id)).toContain(reportId);

      // Handled: the reporter may report the member again.
      expect((await reportAs(reporter, { targetUserId: target.id, reason: 'abuse', detail: '또 욕설' })).statusCode).toBe(201);

      const reopened = await ctx.app.inject({ method: 'PATCH', url: `/api/trade/admin/reports/${reportId}`, headers: admin.headers, payload: { status: 'open' } });
      expect(reopened.json().item).toMatchObject({ status: 'open', handledBy: null, handledAt: null, handledNote: null });
      const log = (await ctx.app.inject({ url: `/api/admin/audit?userId=${target.id}`, headers: admin.headers })).json();
      expect(log.items.map((entry: { action: string; reason: string | null }) => [entry.action, entry.reason])).toEqual([
        ['report_handled', null], ['report_handled', '경고 조치'],
      ]);
      expect((await ctx.app.inject({ method: 'PATCH', url: '/api/trade/admin/reports/999999999', headers: admin.headers, payload: { status: 'handled' } })).statusCode).toBe(404);
    });
  });

  describe('blocks', () => {
    const blockAs = (member: TestMember, userId: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/trade/blocks', headers: member.headers, payload: { userId } });
    const unblockAs = (member: TestMember, userId: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/trade/blocks/${userId}`, headers: member.headers });

    it('blocks once, lists them, unblocks; refuses oneself and nobody', async () => {
      const [member, target] = await Promise.all([createMember(ctx), createMember(ctx)]);
      expect((await blockAs(member, target.id)).json()).toMatchObject({ ok: true, changed: true, message: serverMessages.tradeBlocked });
      expect((await blockAs(member, target.id)).json()).toMatchObject({ changed: false });
      const list = (await ctx.app.inject({ url: '/api/trade/blocks', headers: member.headers })).json();
      expect(list.items).toEqual([expect.objectContaining({ userId: target.id, nickname: target.nickname })]);
      expect((await ctx.app.inject({ url: '/api/trade/blocks', headers: target.headers })).json().items).toEqual([]);
      expect((await blockAs(member, member.id)).json().error).toBe('block_self');
      expect((await blockAs(member, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await unblockAs(member, target.id)).json()).toMatchObject({ changed: true, message: serverMessages.tradeUnblocked });
      expect((await unblockAs(member, target.id)).json()).toMatchObject({ changed: false });
    });

    it('a blocked member cannot apply to the blocker\'s posts, nor the blocker to theirs; others can', async () => {
      const [seller, blocked, other] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const theirPost = await createPost(ctx, blocked);
      await blockAs(seller, blocked.id);
      const refused = await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/propose`, headers: blocked.headers, payload: { price: '100' } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'blocked', message: serverMessages.tradeApplyBlocked });
      const reverse = await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${theirPost._id}/propose`, headers: seller.headers, payload: { price: '100' } });
      expect(reverse.json()).toEqual({ error: 'blocked', message: serverMessages.tradeApplyBlockedByMe });
      expect((await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/propose`, headers: other.headers, payload: { price: '100' } })).statusCode).toBe(201);
    });

    it('in a deal already open, neither writes to the other while a block stands; the chat says why; unblocking restores it', async () => {
      const { seller, buyer, postId, dealId } = await dealScene();
      await blockAs(seller, buyer.id);
      const fromBlocked = await say(buyer, postId, dealId, '왜 답이 없나요');
      expect(fromBlocked.statusCode).toBe(403);
      expect(fromBlocked.json()).toEqual({ error: 'blocked', message: serverMessages.tradeBlockedByOther });
      expect((await say(seller, postId, dealId, '차단한 상대에게')).json()).toEqual({ error: 'blocked', message: serverMessages.tradeBlockedByMe });
      const buyerChat = (await ctx.app.inject({ url: messagesUrl(postId, dealId), headers: buyer.headers })).json();
      expect(buyerChat.sendRefusal).toEqual({ error: 'blocked', message: serverMessages.tradeBlockedByOther });
      // The blocker can still end the deal.
      expect((await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/deals/${dealId}/reject`, headers: seller.headers, payload: {} })).json())
        .toMatchObject({ status: 'REJECTED' });
    });
  });
});
