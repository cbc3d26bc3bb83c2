import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { formatWait } from '../../server/lib/korean-time.js';
import { serverMessages } from '../../server/lib/messages.js';
import { clearCooldown, createCast, createPost, headersOf, propose, VALID_POST, VIEWERS, type Cast, type Viewer, type Headers, type Payload } from '../helpers/trade-fixtures.js';
import { createMember } from '../factories/members.js';

describe('trade posts: list, read, write', () => {
  const ctx = useTestApp();
  let cast: Cast;

  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  const write = (headers: Headers, payload: Payload) =>
    ctx.app.inject({ method: 'POST', url: '/api/trade/posts', headers, payload });

  describe('permission matrix', () => {
    it('anyone reads the list and a post; only members who are not restricted write', async () => {
      const post = await createPost(ctx, cast.seller);
      const expectedWrite: Record<Viewer, number> = { anonymous: 401, buyer: 201, seller: 201, other: 201, banned: 403, admin: 201 };
      for (const viewer of VIEWERS) {
        const headers = headersOf(cast, viewer);
        expect((await ctx.app.inject({ url: '/api/trade/posts?board=user-trade&page=1&limit=20', headers })).statusCode).toBe(200);
        expect((await ctx.app.inject({ url: `/api/trade/posts/${post._id}`, headers })).statusCode).toBe(200);
        const written = await write(headers, VALID_POST);
        expect(written.statusCode, viewer).toBe(expectedWrite[viewer]);
        if (viewer !== 'anonymous') await clearCooldown(ctx, cast[viewer]);
      }
      const refused = await write(cast.banned.headers, VALID_POST);
      expect(refused.json()).toEqual({ error: 'trade_restricted', message: serverMessages.tradeRestrictedBecause('시험용 제한', null) });
    });

    it('mine=1 needs a login and lists only the own posts', async () => {
      expect((await ctx.app.inject({ url: '/api/trade/posts?mine=1' })).statusCode).toBe(401);
      const owner = await createMember(ctx);
      await createPost(ctx, owner, { title: '내 글 하나입니다' });
      await createPost(ctx, owner, { title: '내 글 둘입니다' });
      const mine = await ctx.app.inject({ url: '/api/trade/posts?mine=1', headers: owner.headers });
      expect(mine.json().items.map((item: { title: string }) => item.title)).toEqual(['내 글 둘입니다', '내 글 하나입니다']);
      expect(mine.json().total).toBe(2);
    });
  });

  describe('validation (the post form rules)', () => {
    it.each([
      [{ title: 'SP sale' }, serverMessages.tradeTitleHangul],
      [{ title: '가 SP' }, serverMessages.tradeTitleHangul],
      [{ title: 'ㅋㅋ SP' }, serverMessages.tradeTitleHangul],
      [{ content: 'hello there' }, serverMessages.tradeContentHangul],
      [{ price: '10,000' }, serverMessages.tradePriceDigits],
      [{ price: '-500' }, serverMessages.tradePriceDigits],
      [{ price: '1e5' }, serverMessages.tradePriceDigits],
      [{ price: '99' }, serverMessages.tradePriceMin(100)],
      [{ price: 99 }, serverMessages.tradePriceMin(100)],
      [{ price: '9999999999999' }, serverMessages.tradePriceMax],
      [{ title: `${'가'.repeat(101)}` }, serverMessages.tradeTitleTooLong(100)],
    ])('refuses %j with its message', async (change, message) => {
      const member = await createMember(ctx);
      const response = await write(member.headers, { ...VALID_POST, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    });

    it('accepts the smallest valid post: two Hangul syllables each and exactly 100 SP, given as a number', async () => {
      const member = await createMember(ctx);
      const response = await write(member.headers, { title: '판매', content: '급처', price: 100 });
      expect(response.statusCode).toBe(201);
      expect(response.json().post).toMatchObject({ title: '판매', content: '급처', price: 100, board: 'user-trade' });
    });

    it('refuses a body that is missing fields with 400, not 500', async () => {
      const member = await createMember(ctx);
      expect((await write(member.headers, { title: '판매합니다' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: '/api/trade/posts/not-a-uuid' })).statusCode).toBe(400);
      expect((await ctx.app.inject({ url: '/api/trade/posts/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });
  });

  describe('cooldown: one post per 20 minutes per account', () => {
    it('refuses a second post with 429, retryAfter in seconds and the Retry-After header', async () => {
      const member = await createMember(ctx);
      expect((await write(member.headers, VALID_POST)).statusCode).toBe(201);
      const second = await write(member.headers, VALID_POST);
      expect(second.statusCode).toBe(429);
      const body = second.json();
      expect(body.error).toBe('post_cooldown');
      expect(body.retryAfter).toBeGreaterThan(1190);
      expect(body.retryAfter).toBeLessThanOrEqual(1200);
      expect(second.headers['retry-after']).toBe(String(body.retryAfter));
      expect(body.message).toBe(serverMessages.tradePostCooldown(formatWait(body.retryAfter)));
    });

    it('counts from the last post by the database clock: 19 minutes later still waits, 20 minutes later posts', async () => {
      const member = await createMember(ctx);
      expect((await write(member.headers, VALID_POST)).statusCode).toBe(201);
      await ctx.db.prisma.$executeRaw`UPDATE trade_profiles SET last_posted_at = now() - interval '19 minutes' WHERE user_id = ${member.id}::uuid`;
      const early = await write(member.headers, VALID_POST);
      expect(early.statusCode).toBe(429);
      expect(early.json().retryAfter).toBeGreaterThan(50);
      expect(early.json().retryAfter).toBeLessThanOrEqual(60);
      await ctx.db.prisma.$executeRaw`UPDATE trade_profiles SET last_posted_at = now() - interval '20 minutes' WHERE user_id = ${member.id}::uuid`;
      expect((await write(member.headers, VALID_POST)).statusCode).toBe(201);
    });

    it('stores exactly one of 8 parallel posts of one member; the others get 429', async () => {
      const member = await createMember(ctx);
      const responses = await Promise.all(Array.from({ length: 8 }, (_, index) =>
        write(member.headers, { ...VALID_POST, title: `동시 작성 ${index}번 글` })));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 429, 429, 429, 429, 429, 429, 429]);
      expect(await ctx.db.prisma.tradePost.count({ where: { sellerId: member.id } })).toBe(1);
    });

    it('the cooldown is per account: another member posts at once', async () => {
      const first = await createMember(ctx);
      const second = await createMember(ctx);
      expect((await write(first.headers, VALID_POST)).statusCode).toBe(201);
      expect((await write(second.headers, VALID_POST)).statusCode).toBe(201);
    });
  });

  describe('list and detail', () => {
    it('derives 거래대기, 거래중 and 거래완료 from the deals and shows them in the list', async () => {
      const seller = await createMember(ctx);
      const buyer = await createMember(ctx);
      const post = await createPost(ctx, seller);
      expect(post.status).toBe('거래대기');

      const dealId = await propose(ctx, buyer, post._id);
      const inProgress = await ctx.app.inject({ url: `/api/trade/posts/${post._id}` });
      expect(inProgress.json().post).toMatchObject({ status: '거래중', statusCode: 'in_progress', dealCount: 1 });

      for (const member of [buyer, seller]) {
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${post._id}/deals/${dealId}/confirm`, headers: member.headers });
      }
      const list = await ctx.app.inject({ url: '/api/trade/posts?board=user-trade&page=1&limit=50' });
      const row = list.json().items.find((item: { _id: string }) => item._id === post._id);
      expect(row).toMatchObject({
        status: '거래완료', statusCode: 'completed', sellerId: { _id: seller.id, nickname: seller.nickname, isAdmin: false },
      });
    });

    it('pages 20 at a time, newest first, without repeating a post', async () => {
      const seller = await createMember(ctx);
      for (let index = 0; index < 23; index += 1) await createPost(ctx, seller, { title: `페이지 시험 ${index}번` });
      const first = (await ctx.app.inject({ url: '/api/trade/posts?mine=1&page=1&limit=20', headers: seller.headers })).json();
      const second = (await ctx.app.inject({ url: '/api/trade/posts?mine=1&page=2&limit=20', headers: seller.headers })).json();
      expect(first.items).toHaveLength(20);
      expect(first.hasMore).toBe(true);
      expect(second.items).toHaveLength(3);
      expect(second.hasMore).toBe(false);
      const titles = [...first.items, ...second.items].map((item: { title: string }) => item.title);
      expect(new Set(titles).size).toBe(23);
      expect(titles[0]).toBe('페이지 시험 22번');
      expect(titles.at(-1)).toBe('페이지 시험 0번');
    });

    it('takes a blank page or limit as the default (the spec writes the call as ?page&limit=20)', async () => {
      for (const query of ['board=user-trade&page&limit=20', 'page=&limit=', 'page=1&limit=99']) {
        const response = await ctx.app.inject({ url: `/api/trade/posts?${query}` });
        expect(response.statusCode, query).toBe(200);
        expect(response.json().page).toBe(1);
      }
      expect((await ctx.app.inject({ url: '/api/trade/posts?page=1&limit=99' })).json().limit).toBe(50);
      expect((await ctx.app.inject({ url: '/api/trade/posts?page=abc' })).statusCode).toBe(400);
    });

    it("marks the site administrator's posts", async () => {
      const post = await createPost(ctx, cast.admin);
      const read = (await ctx.app.inject({ url: `/api/trade/posts/${post._id}` })).json().post;
      expect(read.sellerId).toEqual({ _id: cast.admin.id, nickname: cast.admin.nickname, isAdmin: true });
    });

    it('counts a view once per reader a day (member, else IP), never for view=0, like board views', async () => {
      const post = await createPost(ctx, cast.seller);
      const read = (options: { headers?: Headers; ip?: string; query?: string }) =>
        ctx.app.inject({ url: `/api/trade/posts/${post._id}${options.query ?? ''}`, headers: options.headers ?? {}, remoteAddress: options.ip ?? '10.0.0.1' });
      const viewsNow = async () => (await read({ query: '?view=0' })).json().post.views as number;

      // Reloads of one visitor, and of one member from two addresses, count once each.
      for (let reload = 0; reload < 3; reload += 1) await read({ ip: '10.0.0.7' });
      await read({ headers: cast.buyer.headers, ip: '10.0.0.8' });
      await read({ headers: cast.buyer.headers, ip: '10.0.0.9' });
      expect(await viewsNow()).toBe(2);
      // Parallel first reads of another reader count once too.
      await Promise.all(Array.from({ length: 5 }, () => read({ headers: cast.other.headers })));
      expect(await viewsNow()).toBe(3);

      // A day later the same reader counts again.
      await ctx.db.prisma.$executeRaw`UPDATE trade_post_views SET viewed_at = now() - interval '25 hours' WHERE post_id = ${post._id}::uuid`;
      await read({ ip: '10.0.0.7' });
      expect(await viewsNow()).toBe(4);
    });

    it('shows each viewer only the deals they may see, and the buyer their own deal id', async () => {
      const seller = await createMember(ctx);
      const [buyerA, buyerB, stranger] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const dealA = await propose(ctx, buyerA, post._id);
      await propose(ctx, buyerB, post._id);
      const read = async (headers: Headers) => (await ctx.app.inject({ url: `/api/trade/posts/${post._id}?view=0`, headers })).json().post;

      const asSeller = await read(seller.headers);
      expect(asSeller.isMine).toBe(true);
      expect(asSeller.deals).toHaveLength(2);
      const asBuyer = await read(buyerA.headers);
      expect(asBuyer.deals.map((deal: { _id: string }) => deal._id)).toEqual([dealA]);
      expect(asBuyer.myDealId).toBe(dealA);
      expect((await read(stranger.headers)).deals).toEqual([]);
      expect((await read({})).deals).toEqual([]);
      expect((await read({})).dealCount).toBe(2);
    });
  });
});
