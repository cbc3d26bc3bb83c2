import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import tradeModule from '../../server/modules/trade/routes.js';
import type { TradeEvents } from '../../server/modules/trade/trade-events.js';
import authPlugin from '../../server/plugins/auth.js';
import errorsPlugin from '../../server/plugins/errors.js';
import { BlockingReader } from '../helpers/blocking-reader.js';
import { createCast, createPost, headersOf, propose, VIEWERS, type Cast, type Viewer, type Headers, type Payload } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

describe('trade deals: propose, applicant list, confirm, seller acknowledgement, alerts', () => {
  const ctx = useTestApp();
  let cast: Cast;

  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  const proposeAs = (headers: Headers, postId: string, payload: Payload = { price: '50000', note: '[알파] 지금 가능' }) =>
    ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/propose`, headers, payload });
  const confirmAs = (member: TestMember | null, postId: string, dealId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/trade/posts/${postId}/deals/${dealId}/confirm`,
      headers: member ? member.headers : {},
    });
  const summaryOf = async (member: TestMember) =>
    (await ctx.app.inject({ url: '/api/trade/alerts/summary', headers: member.headers })).json();

  describe('permission matrix', () => {
    it('propose: members other than the seller; refused for anonymous, the seller and a restricted member', async () => {
      const post = await createPost(ctx, cast.seller);
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 201, seller: 400, other: 201, banned: 403, admin: 201 };
      for (const viewer of VIEWERS) {
        const response = await proposeAs(headersOf(cast, viewer), post._id);
        expect(response.statusCode, viewer).toBe(expected[viewer]);
      }
      expect((await proposeAs(cast.seller.headers, post._id)).json()).toEqual({ error: 'own_post', message: serverMessages.tradeOwnPost });
      expect((await proposeAs(cast.banned.headers, post._id)).json().error).toBe('trade_restricted');
    });

    it('applicant list: the seller only', async () => {
      const post = await createPost(ctx, cast.seller);
      await propose(ctx, cast.buyer, post._id);
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 403, seller: 200, other: 403, banned: 403, admin: 403 };
      for (const viewer of VIEWERS) {
        const response = await ctx.app.inject({ url: `/api/trade/posts/${post._id}/deals`, headers: headersOf(cast, viewer) });
        expect(response.statusCode, viewer).toBe(expected[viewer]);
      }
    });

    it('confirm: the two parties only, not while restricted', async () => {
      const post = await createPost(ctx, cast.seller);
      const dealId = await propose(ctx, cast.buyer, post._id);
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 200, seller: 200, other: 403, banned: 403, admin: 403 };
      for (const viewer of VIEWERS) {
        const response = await ctx.app.inject({
          method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/confirm`, headers: headersOf(cast, viewer),
        });
        expect(response.statusCode, viewer).toBe(expected[viewer]);
      }
      const restricted = await createMember(ctx);
      const post2 = await createPost(ctx, cast.seller);
      const deal2 = await propose(ctx, restricted, post2._id);
      await ctx.db.prisma.tradeProfile.upsert({
        where: { userId: restricted.id }, create: { userId: restricted.id, banned: true }, update: { banned: true },
      });
      expect((await confirmAs(restricted, post2._id, deal2)).json()).toMatchObject({ error: 'trade_restricted' });
    });

    it('ack-seller: the seller only', async () => {
      const post = await createPost(ctx, cast.seller);
      const dealId = await propose(ctx, cast.buyer, post._id);
      const expected: Record<Viewer, number> = { anonymous: 401, buyer: 403, seller: 200, other: 403, banned: 403, admin: 403 };
      for (const viewer of VIEWERS) {
        const response = await ctx.app.inject({
          method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/ack-seller`, headers: headersOf(cast, viewer),
        });
        expect(response.statusCode, viewer).toBe(expected[viewer]);
      }
    });

    it('alerts summary: members only', async () => {
      expect((await ctx.app.inject({ url: '/api/trade/alerts/summary' })).statusCode).toBe(401);
      for (const viewer of VIEWERS.filter((item) => item !== 'anonymous')) {
        const response = await ctx.app.inject({ url: '/api/trade/alerts/summary', headers: headersOf(cast, viewer) });
        expect(response.statusCode, viewer).toBe(200);
      }
    });
  });

  describe('propose', () => {
    it('stores the amount and the note, and tells the seller in the applicant list', async () => {
      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const response = await proposeAs(buyer.headers, post._id, { price: '70000', note: '[브라보클랜] 밤 10시 이후' });
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ ok: true, created: true, dealId: body.deal._id });
      expect(body.deal).toMatchObject({
        price: 70000, note: '[브라보클랜] 밤 10시 이후', status: 'IN_PROGRESS', closed: false,
        confirmations: { buyer: false, seller: false }, buyerId: { _id: buyer.id, nickname: buyer.nickname }, sellerAcked: false,
      });
      const list = await ctx.app.inject({ url: `/api/trade/posts/${post._id}/deals`, headers: seller.headers });
      expect(list.json().deals.map((deal: { _id: string }) => deal._id)).toEqual([body.dealId]);
    });

    it('gives a buyer who already applied the same deal back instead of a second one', async () => {
      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const first = await proposeAs(buyer.headers, post._id);
      const again = await proposeAs(buyer.headers, post._id, { price: '1', note: 'changed' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ created: false, dealId: first.json().dealId });
      expect(again.json().deal.price).toBe(50000);
    });

    it('20 parallel proposes of one buyer store exactly one deal and all answer with it', async () => {
      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const responses = await Promise.all(Array.from({ length: 20 }, () => proposeAs(buyer.headers, post._id)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 200)).toHaveLength(19);
      expect(new Set(responses.map((response) => response.json().dealId)).size).toBe(1);
      expect(await ctx.db.prisma.tradeDeal.count({ where: { postId: post._id } })).toBe(1);
    });

    it('refuses a completed post, except for handing a buyer their own deal back', async () => {
      const seller = await createMember(ctx);
      const [buyer, late] = await Promise.all([createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const dealId = await propose(ctx, buyer, post._id);
      await confirmAs(buyer, post._id, dealId);
      await confirmAs(seller, post._id, dealId);
      const refused = await proposeAs(late.headers, post._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'post_completed', message: serverMessages.tradePostCompleted });
      expect((await proposeAs(buyer.headers, post._id)).json()).toMatchObject({ created: false, dealId });
    });

    it.each([
      [{ price: '5만', note: '' }, serverMessages.tradeQuantityDigits],
      [{ price: '0', note: '' }, serverMessages.tradeQuantityMin],
      [{ price: '100', note: 'x'.repeat(601) }, serverMessages.tradeNoteTooLong(600)],
    ])('refuses %j', async (payload, message) => {
      const post = await createPost(ctx, cast.seller);
      const response = await proposeAs(cast.buyer.headers, post._id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('answers 404 for a post that does not exist', async () => {
      expect((await proposeAs(cast.buyer.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });
  });

  describe('confirm', () => {
    it('completes once both confirmed; each side sees the other pending; confirming twice changes nothing', async () => {
      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const dealId = await propose(ctx, buyer, post._id);

      const first = (await confirmAs(buyer, post._id, dealId)).json();
      expect(first).toMatchObject({ status: 'IN_PROGRESS', postStatus: '거래중', confirmations: { buyer: true, seller: false }, completed: false });
      const twice = (await confirmAs(buyer, post._id, dealId)).json();
      expect(twice).toMatchObject({ status: 'IN_PROGRESS', confirmations: { buyer: true, seller: false }, completed: false });

      const done = (await confirmAs(seller, post._id, dealId)).json();
      expect(done).toMatchObject({ status: 'COMPLETED', postStatus: '거래완료', postStatusCode: 'completed', confirmations: { buyer: true, seller: true }, completed: true });
      const after = (await confirmAs(seller, post._id, dealId)).json();
      expect(after).toMatchObject({ status: 'COMPLETED', completed: false });
      const stored = await ctx.db.prisma.tradeDeal.findUniqueOrThrow({ where: { id: dealId } });
      expect(stored.status).toBe('COMPLETED');
      expect(stored.completedAt).not.toBeNull();
    });

    it('both parties confirming at the same instant complete the deal exactly once (repeated 10 times)', async () => {
      for (let round = 0; round < 10; round += 1) {
        const seller = await createMember(ctx);
        const buyer = await createMember(ctx);
        const post = await createPost(ctx, seller);
        const dealId = await propose(ctx, buyer, post._id);
        const responses = await Promise.all([
          confirmAs(buyer, post._id, dealId), confirmAs(seller, post._id, dealId),
          confirmAs(buyer, post._id, dealId), confirmAs(seller, post._id, dealId),
        ]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
        expect(responses.filter((response) => response.json().completed)).toHaveLength(1);
        const stored = await ctx.db.prisma.tradeDeal.findUniqueOrThrow({ where: { id: dealId } });
        expect(stored.status).toBe('COMPLETED');
      }
    });

    it('a completed post closes the other applications: confirming one of them is refused, the post completes once', async () => {
      const seller = await createMember(ctx);
      const [winner, loser] = await Promise.all([createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const winning = await propose(ctx, winner, post._id);
      const losing = await propose(ctx, loser, post._id);
      await Promise.all([
        confirmAs(winner, post._id, winning), confirmAs(loser, post._id, losing),
      ]);
      const results = await Promise.all([confirmAs(seller, post._id, winning), confirmAs(seller, post._id, losing)]);
      const completedCount = await ctx.db.prisma.tradeDeal.count({ where: { postId: post._id, status: 'COMPLETED' } });
      expect(completedCount).toBe(1);
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      const deals = (await ctx.app.inject({ url: `/api/trade/posts/${post._id}/deals`, headers: seller.headers })).json().deals;
      const closed = deals.filter((deal: { closed: boolean }) => deal.closed);
      expect(closed).toHaveLength(1);
    });

    it('answers 404 for a deal of another post', async () => {
      const post = await createPost(ctx, cast.seller);
      const otherPost = await createPost(ctx, cast.seller);
      const dealId = await propose(ctx, cast.buyer, post._id);
      expect((await confirmAs(cast.buyer, otherPost._id, dealId)).statusCode).toBe(404);
    });
  });

  describe('seller acknowledgement', () => {
    it('is recorded once and shows in the applicant list', async () => {
      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const dealId = await propose(ctx, buyer, post._id);
      const ack = () => ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/ack-seller`, headers: seller.headers });
      expect((await ack()).json()).toEqual({ ok: true, acknowledged: true });
      expect((await ack()).json()).toEqual({ ok: true, acknowledged: false });
      const deals = (await ctx.app.inject({ url: `/api/trade/posts/${post._id}/deals`, headers: seller.headers })).json().deals;
      expect(deals[0].sellerAcked).toBe(true);
    });
  });

  describe('alerts summary', () => {
    it('lists open deals for the seller and for the buyer, and drops them once the post completes', async () => {
      const seller = await createMember(ctx);
      const [buyerA, buyerB, stranger] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const dealA = await propose(ctx, buyerA, post._id);
      const dealB = await propose(ctx, buyerB, post._id);
      expect((await summaryOf(seller)).openDealIds.sort()).toEqual([dealA, dealB].sort());
      expect((await summaryOf(buyerA)).openDealIds).toEqual([dealA]);
      expect((await summaryOf(stranger)).openDealIds).toEqual([]);

      await confirmAs(buyerA, post._id, dealA);
      await confirmAs(seller, post._id, dealA);
      expect((await summaryOf(seller)).openDealIds).toEqual([]);
      expect((await summaryOf(buyerB)).openDealIds).toEqual([]);
    });

    it("counts as new applications only the unopened deals on the member's own posts, never their own open deals", async () => {
      // One member both sells (two applicants) and buys on someone else's post.
      const [member, otherSeller, buyerA, buyerB] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx), createMember(ctx)]);
      const ownPost = await createPost(ctx, member);
      const dealA = await propose(ctx, buyerA, ownPost._id);
      const dealB = await propose(ctx, buyerB, ownPost._id);
      const elsewhere = await createPost(ctx, otherSeller);
      const ownPurchase = await propose(ctx, member, elsewhere._id);

      const before = await summaryOf(member);
      expect(before.openDealIds.sort()).toEqual([dealA, dealB, ownPurchase].sort());
      expect(before.newApplicationDealIds.sort()).toEqual([dealA, dealB].sort());
      // The buyers and the other seller: the buyers have no posts; the other seller has one new application.
      expect((await summaryOf(buyerA)).newApplicationDealIds).toEqual([]);
      expect((await summaryOf(otherSeller)).newApplicationDealIds).toEqual([ownPurchase]);

      // The seller opens deal A (its chat acknowledges it): only B is new; A stays open for the badge
      // (docs/product/trade.md#trade-alert-badge).
      await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${ownPost._id}/deals/${dealA}/ack-seller`, headers: member.headers });
      const afterAck = await summaryOf(member);
      expect(afterAck.newApplicationDealIds).toEqual([dealB]);
      expect(afterAck.openDealIds.sort()).toEqual([dealA, dealB, ownPurchase].sort());

      // Deal A completes: B is closed with it, so nothing on the post is new any more.
      await confirmAs(buyerA, ownPost._id, dealA);
      await confirmAs(member, ownPost._id, dealA);
      const afterCompletion = await summaryOf(member);
      expect(afterCompletion.newApplicationDealIds).toEqual([]);
      expect(afterCompletion.openDealIds).toEqual([ownPurchase]);
    });
  });

  describe('events for the live push', () => {
    it('announces an applicant, each confirmation and one completion, each when its write is already committed', async () => {
      // At the moment of each event, a second connection reads what the event reports. The read blocks this
      // thread, so an event emitted before its transaction commits would find the write missing: the COMMIT
      // cannot be sent while the recorder runs.
      const reader = await BlockingReader.open(ctx.db.url);
      const committed = (name: string, event: Record<string, unknown>): unknown => {
        const one = <T>(sql: string, id: unknown) => reader.query<T>(sql, [id])[0];
        switch (name) {
          case 'chatMessage':
            return { messageStored: !!one('SELECT 1 AS ok FROM trade_chat_messages WHERE id = $1', (event.message as { _id: string })._id) };
          case 'dealApplicant':
            return { dealStored: !!one('SELECT 1 AS ok FROM trade_deals WHERE id = $1', event.dealId) };
          case 'dealUpdated':
            return one(`SELECT status::text AS status, json_build_object('buyer', buyer_confirmed_at IS NOT NULL,
              'seller', seller_confirmed_at IS NOT NULL) AS confirmations FROM trade_deals WHERE id = $1`, event.dealId);
          case 'postChanged':
            return one(`SELECT count(*)::int AS "dealCount", coalesce(bool_or(status = 'COMPLETED'), false) AS completed
              FROM trade_deals WHERE post_id = $1`, event.postId);
          case 'alertsSummaryChanged':
            return reader.query<{ id: string }>(`SELECT d.id FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
              WHERE p.seller_id = $1 AND d.status = 'IN_PROGRESS' AND NOT EXISTS (
                SELECT 1 FROM trade_deals o WHERE o.post_id = d.post_id AND o.status = 'COMPLETED')`, [seller.id]).map((row) => row.id);
          default:
            return undefined;
        }
      };
      const calls: { name: string; args: unknown[]; committed: unknown }[] = [];
      const recorder = new Proxy({} as TradeEvents, {
        get: (_target, name) => (...args: unknown[]) =>
          calls.push({ name: String(name), args, committed: committed(String(name), args[0] as Record<string, unknown>) }),
      });
      // The trade module on its own with the recorder, over the test app's database.
      const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: 'array', useDefaults: true } } });
      await app.register(errorsPlugin);
      await app.register(authPlugin, { prisma: ctx.db.prisma, secret: ctx.config.jwt.secret, expiresIn: '1h' });
      await app.register(tradeModule, { prisma: ctx.db.prisma, events: recorder });
      await app.ready();

      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      const proposed = await app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/propose`, headers: buyer.headers, payload: { price: '100', note: '' } });
      const dealId = proposed.json().dealId as string;
      const named = (name: string) => calls.filter((call) => call.name === name).map((call) => call.args[0] as Record<string, unknown>);
      const seen = (name: string) => calls.filter((call) => call.name === name).map((call) => call.committed);
      expect(calls.map((call) => call.name)).toEqual(['chatMessage', 'dealApplicant', 'alertsSummaryChanged', 'postChanged']);
      expect(named('chatMessage')[0]).toMatchObject({ dealId, message: { kind: 'system', systemEvent: 'applied', senderId: buyer.id } });
      expect(named('dealApplicant')[0]).toMatchObject({ sellerId: seller.id, postId: post._id, dealId, deal: { _id: dealId, sellerAcked: false } });
      expect(new Set(calls[2]!.args[0] as string[])).toEqual(new Set([seller.id, buyer.id]));
      expect(named('postChanged')[0]).toEqual({ postId: post._id, reason: 'applied', status: '거래중', statusCode: 'in_progress', dealCount: 1 });
      // What the other connection saw when each was emitted: the deal, its notice and the count were there.
      expect(seen('chatMessage')).toEqual([{ messageStored: true }]);
      expect(seen('dealApplicant')).toEqual([{ dealStored: true }]);
      expect(seen('alertsSummaryChanged')).toEqual([[dealId]]);
      expect(seen('postChanged')).toEqual([{ dealCount: 1, completed: false }]);

      calls.length = 0;
      const sent = await app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/messages`, headers: buyer.headers, payload: { text: '입금했습니다' } });
      expect(sent.statusCode).toBe(201);
      expect(calls.map((call) => call.name)).toEqual(['chatMessage', 'unreadChanged']);
      expect(seen('chatMessage')).toEqual([{ messageStored: true }]);

      calls.length = 0;
      await app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/confirm`, headers: buyer.headers });
      await app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/confirm`, headers: buyer.headers });
      await app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/confirm`, headers: seller.headers });
      // The buyer's second confirmation changed nothing, so it announced nothing.
      expect(calls.map((call) => call.name)).toEqual([
        'chatMessage', 'dealUpdated', 'chatMessage', 'chatMessage', 'dealUpdated', 'alertsSummaryChanged', 'postChanged',
      ]);
      expect(named('chatMessage').map((event) => (event.message as { systemEvent: string }).systemEvent)).toEqual(['confirmed', 'confirmed', 'completed']);
      expect(named('dealUpdated')[0]).toMatchObject({ completed: false, closed: false, confirmations: { buyer: true, seller: false } });
      expect(named('dealUpdated')[1]).toMatchObject({ completed: true, closed: true, status: 'COMPLETED', postStatus: '거래완료' });
      expect(named('postChanged')[0]).toMatchObject({ reason: 'completed', statusCode: 'completed' });
      expect(seen('chatMessage')).toEqual([{ messageStored: true }, { messageStored: true }, { messageStored: true }]);
      expect(seen('dealUpdated')).toEqual([
        { status: 'IN_PROGRESS', confirmations: { buyer: true, seller: false } },
        { status: 'COMPLETED', confirmations: { buyer: true, seller: true } },
      ]);
      expect(seen('alertsSummaryChanged')).toEqual([[]]);
      expect(seen('postChanged')).toEqual([{ dealCount: 1, completed: true }]);
      await app.close();
      await reader.close();
    });
  });
});
