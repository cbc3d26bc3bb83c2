import { describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

/** The seller's own post: edit, reserve and reopen, mark sold, withdraw; and what each does to applications. */
describe('trade post management by its seller', () => {
  const ctx = useTestApp();

  const edit = (member: TestMember | null, postId: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/trade/posts/${postId}`, headers: member ? member.headers : {}, payload });
  const setState = (member: TestMember | null, postId: string, state: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/state`, headers: member ? member.headers : {}, payload: { state } });
  const proposeAs = (member: TestMember, postId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/propose`, headers: member.headers, payload: { price: '1000', note: '' } });
  const read = async (postId: string, member?: TestMember) =>
    (await ctx.app.inject({ url: `/api/trade/posts/${postId}?view=0`, headers: member ? member.headers : {} })).json().post;
  const dealStatus = async (dealId: string) => (await ctx.db.prisma.tradeDeal.findUniqueOrThrow({ where: { id: dealId } })).status;
  const listed = async (member?: TestMember, mine = false) =>
    ((await ctx.app.inject({ url: `/api/trade/posts?limit=50${mine ? '&mine=1' : ''}`, headers: member ? member.headers : {} })).json().items as { _id: string }[])
      .map((item) => item._id);

  async function scene() {
    const [seller, buyer, other] = await Promise.all([createMember(ctx), createMember(ctx), createMember(ctx)]);
    const post = await createPost(ctx, seller);
    return { seller, buyer, other, postId: post._id };
  }

  describe('edit', () => {
    it('the seller edits title, content and price; the post says when; no cooldown applies', async () => {
      const { seller, postId } = await scene();
      // The seller has just posted (createPost cleared the cooldown, so post once more to be inside it).
      await ctx.app.inject({ method: 'POST', url: '/api/trade/posts', headers: seller.headers, payload: { title: '두 번째 판매 글', content: '쿨다운 안의 수정 시험', price: '500' } });
      const response = await edit(seller, postId, { title: '서든 SP 2억 판매', content: '가격을 내렸습니다. 빠른 거래 원해요.', price: '120000' });
      expect(response.statusCode).toBe(200);
      const post = response.json().post;
      expect(post).toMatchObject({ title: '서든 SP 2억 판매', content: '가격을 내렸습니다. 빠른 거래 원해요.', price: 120000, state: 'open' });
      expect(post.editedAt).not.toBeNull();
      expect((await read(postId)).editedAt).toBe(post.editedAt);
    });

    it('checks the write form rules, and only the seller may edit', async () => {
      const { seller, other, postId } = await scene();
      const bad = await edit(seller, postId, { title: 'SP sale', content: '내용은 괜찮습니다', price: '1000' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'title_hangul', message: serverMessages.tradeTitleHangul });
      expect((await edit(seller, postId, { title: '제목 좋아요', content: '내용 좋아요', price: '99' })).statusCode).toBe(400);
      expect((await edit(null, postId, { title: '남의 글 수정', content: '남의 글 수정', price: '1000' })).statusCode).toBe(401);
      const foreign = await edit(other, postId, { title: '남의 글 수정', content: '남의 글 수정', price: '1000' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error).toBe('seller_only');
      expect((await read(postId)).editedAt).toBeNull();
    });

    it('a completed post can no longer be edited', async () => {
      const { seller, buyer, postId } = await scene();
      const dealId = await propose(ctx, buyer, postId);
      for (const member of [buyer, seller]) {
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/deals/${dealId}/confirm`, headers: member.headers });
      }
      const response = await edit(seller, postId, { title: '완료 후 수정 시도', content: '완료 후 수정 시도', price: '1000' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'post_finished', message: serverMessages.tradePostFinished });
    });
  });

  describe('reserve and reopen', () => {
    it('a reserved post takes no new applications; the reserved buyer goes on; reopening lets others apply', async () => {
      const { seller, buyer, other, postId } = await scene();
      const dealId = await propose(ctx, buyer, postId);
      const reserved = await setState(seller, postId, 'reserved');
      expect(reserved.statusCode).toBe(200);
      expect(reserved.json().post).toMatchObject({ state: 'reserved', status: '예약중', statusCode: 'reserved' });
      const refused = await proposeAs(other, postId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'post_reserved', message: serverMessages.tradePostReserved });
      // The application already there goes on: the buyer confirms.
      expect((await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/deals/${dealId}/confirm`, headers: buyer.headers })).statusCode).toBe(200);
      expect((await setState(seller, postId, 'reserved')).json().post.state).toBe('reserved');

      const reopened = (await setState(seller, postId, 'open')).json().post;
      expect(reopened).toMatchObject({ state: 'open', statusCode: 'in_progress' });
      expect((await proposeAs(other, postId)).statusCode).toBe(201);
    });

    it('only the seller sets the state, to one of the four', async () => {
      const { buyer, seller, postId } = await scene();
      expect((await setState(null, postId, 'reserved')).statusCode).toBe(401);
      expect((await setState(buyer, postId, 'reserved')).json()).toMatchObject({ error: 'seller_only' });
      expect((await setState(seller, postId, 'deleted')).statusCode).toBe(400);
    });
  });

  describe('sold and withdrawn', () => {
    it.each([['sold', '거래완료', 'completed', serverMessages.tradeSystemClosedSold], ['withdrawn', '판매중단', 'withdrawn', serverMessages.tradeSystemClosedWithdrawn]])(
      '%s closes the open applications with a notice and refuses new ones',
      async (state, label, code, notice) => {
        const { seller, buyer, other, postId } = await scene();
        const dealId = await propose(ctx, buyer, postId);
        const response = await setState(seller, postId, state);
        expect(response.statusCode).toBe(200);
        expect(response.json().post).toMatchObject({ state, status: label, statusCode: code, openDealCount: 0 });
        expect(await dealStatus(dealId)).toBe('CLOSED');
        const chat = (await ctx.app.inject({ url: `/api/trade/posts/${postId}/deals/${dealId}/messages`, headers: buyer.headers })).json();
        expect(chat).toMatchObject({ closed: true, dealStatus: 'CLOSED' });
        expect(chat.items.at(-1)).toMatchObject({ kind: 'system', systemEvent: 'closed', text: notice });
        const refused = await proposeAs(other, postId);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(state === 'sold' ? 'post_sold' : 'post_withdrawn');
        // Final: no way back, and no edits.
        expect((await setState(seller, postId, 'open')).json()).toMatchObject({ error: 'post_finished' });
        expect((await edit(seller, postId, { title: '다시 올리기 시험', content: '다시 올리기 시험', price: '1000' })).statusCode).toBe(409);
      },
    );

    it('refuses while a deal is under way, and changes nothing', async () => {
      const { seller, buyer, postId } = await scene();
      const dealId = await propose(ctx, buyer, postId);
      await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/deals/${dealId}/confirm`, headers: buyer.headers });
      for (const state of ['sold', 'withdrawn']) {
        const response = await setState(seller, postId, state);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toEqual({ error: 'post_deal_under_way', message: serverMessages.tradePostDealUnderWay });
      }
      expect(await dealStatus(dealId)).toBe('IN_PROGRESS');
      expect((await read(postId)).state).toBe('open');
    });

    it('a withdrawn post leaves the public list but stays in the seller\'s own, and opens by its address', async () => {
      const { seller, postId } = await scene();
      await setState(seller, postId, 'withdrawn');
      expect(await listed()).not.toContain(postId);
      expect(await listed(seller, true)).toContain(postId);
      expect((await read(postId)).statusCode).toBe('withdrawn');
    });

    it('a deleted account withdraws its posts still on offer; completed ones stay as they are', async () => {
      const { seller, buyer, postId } = await scene();
      const done = await createPost(ctx, seller, { title: '완료될 판매 글입니다' });
      const dealId = await propose(ctx, buyer, done._id);
      for (const member of [buyer, seller]) {
        await ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${done._id}/deals/${dealId}/confirm`, headers: member.headers });
      }
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: seller.headers })).statusCode).toBe(200);
      expect((await read(postId)).state).toBe('withdrawn');
      expect(await read(done._id)).toMatchObject({ state: 'open', statusCode: 'completed' });
      expect(await listed()).not.toContain(postId);
    });
  });
});
