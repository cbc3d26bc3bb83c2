import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createCast, createPost, headersOf, propose, VALID_POST, VIEWERS, type Cast, type Viewer, type Headers, type Payload } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

describe('trade trust: profiles, seller credibility, history, admin trust', () => {
  const ctx = useTestApp();
  let cast: Cast;

  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  const get = (url: string, member?: TestMember) => ctx.app.inject({ url, headers: member ? member.headers : {} });
  const patchTrust = (headers: Headers, payload: Payload) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/trade/admin/trust', headers, payload });

  /** A deal between `seller` and a fresh buyer, completed by both. */
  async function completedDeal(seller: TestMember): Promise<string> {
    const buyer = await createMember(ctx);
    const post = await createPost(ctx, seller);
    const dealId = await propose(ctx, buyer, post._id);
    for (const member of [buyer, seller]) {
      await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/confirm`, headers: member.headers });
    }
    return dealId;
  }

  describe('permission matrix', () => {
    it('profiles, credibility and history of another member are public; own ones need a login', async () => {
      for (const viewer of VIEWERS) {
        const headers = headersOf(cast, viewer);
        const ownStatus = viewer === 'anonymous' ? 401 : 200;
        expect((await ctx.app.inject({ url: '/api/trade/profile/me', headers })).statusCode, viewer).toBe(ownStatus);
        expect((await ctx.app.inject({ url: '/api/trade/history/me', headers })).statusCode, viewer).toBe(ownStatus);
        expect((await ctx.app.inject({ url: `/api/trade/profile/${cast.seller.id}`, headers })).statusCode, viewer).toBe(200);
        expect((await ctx.app.inject({ url: `/api/trade/seller/${cast.seller.id}/cred`, headers })).statusCode, viewer).toBe(200);
        expect((await ctx.app.inject({ url: `/api/trade/history/${cast.seller.id}`, headers })).statusCode, viewer).toBe(200);
      }
    });

    it('admin trust list and update: admins only', async () => {
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 403, seller: 403, other: 403, banned: 403, admin: 200 };
      for (const viewer of VIEWERS) {
        const headers = headersOf(cast, viewer);
        expect((await ctx.app.inject({ url: '/api/trade/admin/trust?q=', headers })).statusCode, viewer).toBe(expected[viewer]);
        expect((await patchTrust(headers, { email: cast.other.email, isTrusted: false })).statusCode, viewer).toBe(expected[viewer]);
      }
    });

    it('answers 404 for unknown members and 400 for malformed ids', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await get(`/api/trade/profile/${unknown}`)).statusCode).toBe(404);
      expect((await get(`/api/trade/seller/${unknown}/cred`)).statusCode).toBe(404);
      expect((await get(`/api/trade/history/${unknown}`)).statusCode).toBe(404);
      expect((await get('/api/trade/profile/12345')).statusCode).toBe(400);
    });
  });

  describe('credibility', () => {
    it('a new seller has nothing: score 0, rate 0, not trusted', async () => {
      const seller = await createMember(ctx);
      expect((await get(`/api/trade/seller/${seller.id}/cred`)).json()).toEqual({
        ok: true, sellerId: seller.id, nickname: seller.nickname, score: 0, scorePercent: 0, rate: 0,
        completedCount: 0, totalCount: 0, cancelledBySelf: 0, cancelledByCounterpart: 0, expired: 0,
        prevVerifiedCount: 0, isTrusted: false, isBanned: false,
      });
    });

    it('rises by one per completed deal; open applications and closed ones do not count', async () => {
      const seller = await createMember(ctx);
      await completedDeal(seller);
      let cred = (await get(`/api/trade/seller/${seller.id}/cred`)).json();
      expect(cred).toMatchObject({ score: 1, scorePercent: 10, completedCount: 1, totalCount: 1, rate: 100 });

      // An open application on a new post changes nothing: only finished deals count.
      const open = await createPost(ctx, seller);
      const waiting = await createMember(ctx);
      await propose(ctx, waiting, open._id);
      cred = (await get(`/api/trade/seller/${seller.id}/cred`)).json();
      expect(cred).toMatchObject({ score: 1, completedCount: 1, totalCount: 1, rate: 100 });

      // Completing the post with another buyer closes the waiting application: it never counts.
      const winner = await createMember(ctx);
      const winning = await propose(ctx, winner, open._id);
      for (const member of [winner, seller]) {
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${open._id}/deals/${winning}/confirm`, headers: member.headers });
      }
      cred = (await get(`/api/trade/seller/${seller.id}/cred`)).json();
      expect(cred).toMatchObject({ score: 2, scorePercent: 20, completedCount: 2, totalCount: 2, rate: 100 });
    });

    it('10 points fill the gauge: verified trades from before the site add to the score', async () => {
      const seller = await createMember(ctx);
      await completedDeal(seller);
      await patchTrust(cast.admin.headers, { email: seller.email, prevVerifiedCount: '12', isTrusted: true });
      expect((await get(`/api/trade/seller/${seller.id}/cred`)).json()).toMatchObject({
        score: 13, scorePercent: 100, completedCount: 1, prevVerifiedCount: 12, isTrusted: true,
      });
    });
  });

  describe('arithmetic: only finished deals count, by what ended them', () => {
    const act = (member: TestMember, postId: string, dealId: string, action: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/deals/${dealId}/${action}`, headers: member.headers, payload: payload ?? {} });

    /** One deal of `seller` with a fresh buyer, taken to `end`. */
    async function dealEndingAs(seller: TestMember, end: 'completed' | 'cancelledBySeller' | 'cancelledByBuyer' | 'expired' | 'rejected' | 'withdrawn' | 'open') {
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const dealId = await propose(ctx, buyer, post._id);
      if (end === 'rejected') await act(seller, post._id, dealId, 'reject');
      if (end === 'withdrawn') await act(buyer, post._id, dealId, 'withdraw');
      if (end === 'completed' || end.startsWith('cancelled')) await act(buyer, post._id, dealId, 'confirm');
      if (end === 'completed') await act(seller, post._id, dealId, 'confirm');
      if (end === 'cancelledBySeller') await act(seller, post._id, dealId, 'cancel', { reason: '판매자 사정' });
      if (end === 'cancelledByBuyer') await act(buyer, post._id, dealId, 'cancel', { reason: '구매자 사정' });
      if (end === 'expired') {
        await ctx.db.prisma.$executeRaw`UPDATE trade_deals SET last_activity_at = now() - interval '100 hours' WHERE id = ${dealId}::uuid`;
        await get(`/api/trade/posts/${post._id}/deals/${dealId}/messages`, buyer);
      }
      return { buyer, postId: post._id, dealId };
    }

    it('applying and walking away never lowers a seller: open, rejected and withdrawn applications do not count', async () => {
      const seller = await createMember(ctx);
      await dealEndingAs(seller, 'open');
      await dealEndingAs(seller, 'open');
      await dealEndingAs(seller, 'rejected');
      await dealEndingAs(seller, 'withdrawn');
      expect((await get(`/api/trade/seller/${seller.id}/cred`)).json()).toMatchObject({
        score: 0, rate: 0, completedCount: 0, totalCount: 0, cancelledBySelf: 0, cancelledByCounterpart: 0, expired: 0,
      });
    });

    it('completed and own cancels make the total; the rate is completed over total; the rest is told apart', async () => {
      const seller = await createMember(ctx);
      for (const end of ['completed', 'completed', 'cancelledBySeller', 'cancelledByBuyer', 'expired', 'rejected', 'withdrawn', 'open'] as const) {
        await dealEndingAs(seller, end);
      }
      // Closed: another buyer's completion ends an open application on a post of the seller.
      const { postId } = await dealEndingAs(seller, 'open');
      const winner = await createMember(ctx);
      const winning = await propose(ctx, winner, postId);
      await act(winner, postId, winning, 'confirm');
      await act(seller, postId, winning, 'confirm');

      const cred = (await get(`/api/trade/seller/${seller.id}/cred`)).json();
      // 3 completed (2 + the winner's), 1 own cancel: 3 / 4 = 75%.
      expect(cred).toMatchObject({
        completedCount: 3, totalCount: 4, rate: 75, score: 3, scorePercent: 30,
        cancelledBySelf: 1, cancelledByCounterpart: 1, expired: 1,
      });
      const profile = (await get(`/api/trade/profile/${seller.id}`)).json();
      expect(profile).toMatchObject({ completed: 3, total: 4, rate: 75, credit: 3, cancelledBySelf: 1, cancelledByCounterpart: 1, expired: 1 });
      const admin = (await ctx.app.inject({ url: `/api/trade/admin/trust?q=${encodeURIComponent(seller.email)}`, headers: cast.admin.headers })).json();
      expect(admin.items[0]).toMatchObject({ completedDeals: 3, totalDeals: 4 });
    });

    it("a buyer's own cancel counts against the buyer, not the seller; the seller's counts it as the other party's", async () => {
      const seller = await createMember(ctx);
      const { buyer } = await dealEndingAs(seller, 'cancelledByBuyer');
      expect((await get(`/api/trade/profile/${buyer.id}`)).json()).toMatchObject({
        completed: 0, total: 1, rate: 0, cancelledBySelf: 1, cancelledByCounterpart: 0,
      });
      expect((await get(`/api/trade/seller/${seller.id}/cred`)).json()).toMatchObject({
        completedCount: 0, totalCount: 0, rate: 0, cancelledBySelf: 0, cancelledByCounterpart: 1,
      });
    });

    it('rounds the rate to whole percent: 2 of 3 is 67', async () => {
      const seller = await createMember(ctx);
      for (const end of ['completed', 'completed', 'cancelledBySeller'] as const) await dealEndingAs(seller, end);
      expect((await get(`/api/trade/seller/${seller.id}/cred`)).json()).toMatchObject({ completedCount: 2, totalCount: 3, rate: 67 });
    });
  });

  describe('profile', () => {
    it('counts finished deals in both roles: credit, rate, completed, total, isBanned', async () => {
      const member = await createMember(ctx);
      await completedDeal(member);
      const seller = await createMember(ctx);
      const post = await createPost(ctx, seller);
      await propose(ctx, member, post._id);
      const profile = (await get('/api/trade/profile/me', member)).json();
      expect(profile).toEqual({
        ok: true, userId: member.id, nickname: member.nickname, credit: 1, rate: 100, completed: 1, total: 1,
        cancelledBySelf: 0, cancelledByCounterpart: 0, expired: 0, isBanned: false, isTrusted: false, prevVerifiedCount: 0,
      });
      expect((await get(`/api/trade/profile/${cast.banned.id}`)).json().isBanned).toBe(true);
    });
  });

  describe('history', () => {
    it('own history lists every deal; the public one only completed deals; pages with a cursor', async () => {
      const member = await createMember(ctx);
      const done = await completedDeal(member);
      const seller = await createMember(ctx);
      const post = await createPost(ctx, seller, { title: '구매 시험용 글입니다' });
      const open = await propose(ctx, member, post._id);

      const own = (await get('/api/trade/history/me', member)).json();
      expect(own.user).toEqual({ _id: member.id, nickname: member.nickname });
      expect(own.items.map((item: { dealId: string }) => item.dealId)).toEqual([open, done]);
      expect(own.items[0]).toMatchObject({ role: 'buyer', counterpartNick: seller.nickname, status: 'IN_PROGRESS', postTitle: '구매 시험용 글입니다' });
      expect(own.items[1]).toMatchObject({ role: 'seller', status: 'COMPLETED' });

      const publicView = (await get(`/api/trade/history/${member.id}`)).json();
      expect(publicView.items.map((item: { dealId: string }) => item.dealId)).toEqual([done]);

      const firstPage = (await get('/api/trade/history/me?limit=1', member)).json();
      expect(firstPage.items.map((item: { dealId: string }) => item.dealId)).toEqual([open]);
      const secondPage = (await get(`/api/trade/history/me?limit=1&cursor=${firstPage.nextCursor}`, member)).json();
      expect(secondPage.items.map((item: { dealId: string }) => item.dealId)).toEqual([done]);
      expect(secondPage.nextCursor).toBeNull();
      expect((await get('/api/trade/history/me?cursor=nonsense', member)).statusCode).toBe(400);
    });
  });

  describe('admin trust', () => {
    it('searches by e-mail or nickname and shows seller deal counts', async () => {
      const seller = await createMember(ctx, { nickname: '검색대상' });
      await completedDeal(seller);
      const byNick = (await get('/api/trade/admin/trust?q=검색대상', cast.admin)).json();
      expect(byNick.items).toEqual([{
        userId: { _id: seller.id, email: seller.email, nickname: seller.nickname },
        prevVerifiedCount: 0, isTrusted: false, isBanned: false, banReason: null, bannedUntil: null, completedDeals: 1, totalDeals: 1,
      }]);
      const byEmail = (await get(`/api/trade/admin/trust?q=${encodeURIComponent(seller.email.toUpperCase())}`, cast.admin)).json();
      expect(byEmail.items.map((item: { userId: { _id: string } }) => item.userId._id)).toEqual([seller.id]);
      // LIKE wildcards are plain characters in the search.
      expect((await get('/api/trade/admin/trust?q=%25', cast.admin)).json().items).toEqual([]);
    });

    it('updates verified count, trusted flag and ban; blank count leaves it; bad count and unknown e-mail refused', async () => {
      const member = await createMember(ctx);
      const updated = await patchTrust(cast.admin.headers, { email: member.email, prevVerifiedCount: '7', isTrusted: true });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ ok: true, message: serverMessages.tradeTrustUpdated, item: { prevVerifiedCount: 7, isTrusted: true, isBanned: false } });

      const blank = await patchTrust(cast.admin.headers, { email: member.email, prevVerifiedCount: '', isTrusted: true });
      expect(blank.json().item.prevVerifiedCount).toBe(7);
      const bad = await patchTrust(cast.admin.headers, { email: member.email, prevVerifiedCount: '7a' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(serverMessages.tradeVerifiedCountDigits);
      expect((await patchTrust(cast.admin.headers, { email: 'nobody@example.kr', isTrusted: true })).statusCode).toBe(404);
    });

    it('refuses a restriction through the trust update: it needs a reason and a duration', async () => {
      const member = await createMember(ctx);
      const refused = await patchTrust(cast.admin.headers, { email: member.email, isBanned: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'ban_needs_reason', message: serverMessages.tradeBanNeedsReason });
      expect((await get(`/api/trade/profile/${member.id}`)).json().isBanned).toBe(false);
    });
  });

  describe('restrictions (admin)', () => {
    const ban = (headers: Headers, payload: Payload) => ctx.app.inject({ method: 'POST', url: '/api/trade/admin/bans', headers, payload });
    const lift = (headers: Headers, payload: Payload) => ctx.app.inject({ method: 'POST', url: '/api/trade/admin/bans/lift', headers, payload });
    const standing = async (member: TestMember) => (await get('/api/trade/standing/me', member)).json();

    it('admins only; a reason of 2 to 200 characters and a length in days (or none: until lifted)', async () => {
      const member = await createMember(ctx);
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 403, seller: 403, other: 403, banned: 403, admin: 200 };
      for (const viewer of VIEWERS) {
        const response = await ban(headersOf(cast, viewer), { email: member.email, reason: '사기 신고 확인', days: 1 });
        expect(response.statusCode, viewer).toBe(expected[viewer]);
      }
      expect((await ban(cast.admin.headers, { email: member.email, reason: ' x ', days: 3 })).json())
        .toEqual({ error: 'reason_required', message: serverMessages.tradeBanReasonRequired });
      expect((await ban(cast.admin.headers, { email: member.email, reason: '가'.repeat(201), days: 3 })).json().error).toBe('reason_too_long');
      for (const days of [0, '', null, 'forever', 366]) {
        expect((await ban(cast.admin.headers, { email: member.email, reason: '사유', days })).statusCode, String(days)).toBe(400);
      }
      expect((await ban(cast.admin.headers, { email: member.email, reason: '사유' })).statusCode).toBe(400);
      expect((await ban(cast.admin.headers, { email: cast.admin.email, reason: '자기 자신', days: 1 })).json().error).toBe('ban_self');
      expect((await ban(cast.admin.headers, { email: 'nobody@example.kr', reason: '없는 회원', days: 1 })).statusCode).toBe(404);
    });

    it('the member sees the reason and the end at once and loses every write; reading their chats stays', async () => {
      const [member, seller, buyer] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
      const theirs = await createPost(ctx, seller);
      const own = await createPost(ctx, member);
      const dealId = await propose(ctx, buyer, own._id);
      expect(await standing(member)).toEqual({ ok: true, emailVerified: true, restriction: null, canTrade: true });

      const response = await ban(cast.admin.headers, { email: member.email, reason: '외부 거래 유도', days: 7 });
      expect(response.json()).toMatchObject({ ok: true, message: serverMessages.tradeBanned, item: { isBanned: true, banReason: '외부 거래 유도' } });
      const until = new Date(response.json().item.bannedUntil);
      const days = (until.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      const now = await standing(member);
      expect(now).toMatchObject({ emailVerified: true, canTrade: false, restriction: { reason: '외부 거래 유도', until: until.toISOString() } });
      const message = now.restriction.message as string;
      expect(message).toContain('외부 거래 유도');

      const writes = [
        await ctx.app.inject({ method: 'POST', url: '/api/trade/posts', headers: member.headers, payload: VALID_POST }),
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${theirs._id}/propose`, headers: member.headers, payload: { price: '100' } }),
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${own._id}/state`, headers: member.headers, payload: { state: 'withdrawn' } }),
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${own._id}/deals/${dealId}/messages`, headers: member.headers, payload: { text: '제한 중 메시지' } }),
      ];
      for (const write of writes) expect(write.json()).toEqual({ error: 'trade_restricted', message });
      // The open deal on their post was cancelled, as by them; the chat stays readable to both.
      const chat = (await get(`/api/trade/posts/${own._id}/deals/${dealId}/messages`, member)).json();
      expect(chat).toMatchObject({ dealStatus: 'CANCELLED', endedBy: 'seller', endReason: serverMessages.tradeEndReasonRestricted, closed: true });
      expect((await get(`/api/trade/posts/${own._id}/deals/${dealId}/messages`, buyer)).statusCode).toBe(200);
      expect((await get(`/api/trade/profile/${member.id}`)).json().isBanned).toBe(true);
      expect((await get(`/api/trade/seller/${member.id}/cred`)).json().isBanned).toBe(true);
      // Nobody applies to a restricted seller's posts meanwhile.
      const newcomer = await createMember(ctx);
      const applied = await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${own._id}/propose`, headers: newcomer.headers, payload: { price: '100' } });
      expect(applied.statusCode).toBe(409);
      expect(applied.json()).toEqual({ error: 'seller_restricted', message: serverMessages.tradeSellerRestricted });
    });

    it('a restriction ends by itself at its end, or when an admin lifts it; everything is logged', async () => {
      const member = await createMember(ctx);
      await ban(cast.admin.headers, { email: member.email, reason: '욕설', days: 1 });
      await ctx.db.prisma.$executeRaw`UPDATE trade_profiles SET banned_until = now() - interval '1 minute' WHERE user_id = ${member.id}::uuid`;
      expect(await standing(member)).toMatchObject({ restriction: null, canTrade: true });
      expect((await ctx.app.inject({ method: 'POST', url: '/api/trade/posts', headers: member.headers, payload: VALID_POST })).statusCode).toBe(201);

      await ban(cast.admin.headers, { email: member.email, reason: '반복된 사기 의심', days: 'permanent' });
      expect(await standing(member)).toMatchObject({ restriction: { reason: '반복된 사기 의심', until: null }, canTrade: false });
      const lifted = await lift(cast.admin.headers, { email: member.email, reason: '소명 확인' });
      expect(lifted.json()).toMatchObject({ message: serverMessages.tradeBanLifted, item: { isBanned: false, banReason: null, bannedUntil: null } });
      expect((await standing(member)).canTrade).toBe(true);
      await patchTrust(cast.admin.headers, { email: member.email, isTrusted: true });

      const log = (await get(`/api/admin/audit?userId=${member.id}`, cast.admin)).json();
      expect(log.items.map((entry: { action: string; reason: string | null }) => [entry.action, entry.reason])).toEqual([
        ['trade_trust', null], ['trade_unban', '소명 확인'], ['trade_ban', '반복된 사기 의심'], ['trade_ban', '욕설'],
      ]);
      expect(log.items[2]).toMatchObject({ admin: { _id: cast.admin.id }, target: { _id: member.id }, detail: { days: null, until: null } });
      expect(log.items[3].detail.days).toBe(1);
      expect((await get('/api/admin/audit', cast.buyer)).statusCode).toBe(403);
    });
  });

  describe('who may trade', () => {
    it('an unverified e-mail may read but not start anything; the message says how to verify', async () => {
      const unverified = await createMember(ctx, { verified: false });
      const seller = await createMember(ctx);
      const post = await createPost(ctx, seller);
      expect((await get('/api/trade/standing/me', unverified)).json()).toEqual({ ok: true, emailVerified: false, restriction: null, canTrade: false });
      const writes = [
        await ctx.app.inject({ method: 'POST', url: '/api/trade/posts', headers: unverified.headers, payload: VALID_POST }),
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/propose`, headers: unverified.headers, payload: { price: '100' } }),
      ];
      for (const write of writes) {
        expect(write.statusCode).toBe(403);
        expect(write.json()).toEqual({ error: 'email_unverified', message: serverMessages.tradeEmailUnverified });
      }
      expect((await get(`/api/trade/posts/${post._id}`, unverified)).statusCode).toBe(200);
    });
  });
});
