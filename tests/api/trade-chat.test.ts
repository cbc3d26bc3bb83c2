import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createCast, createPost, headersOf, propose, VIEWERS, type Cast, type Viewer, type Payload } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

describe('trade chats: messages, closing, inbox and unread counts', () => {
  const ctx = useTestApp();
  let cast: Cast;

  beforeAll(async () => {
    cast = await createCast(ctx);
  });

  /** A fresh post by a fresh seller with one deal of a fresh buyer. */
  async function dealBetween(): Promise<{ seller: TestMember; buyer: TestMember; postId: string; dealId: string; url: string }> {
    const seller = await createMember(ctx, { nickname: '판매' });
    const buyer = await createMember(ctx, { nickname: '구매' });
    const post = await createPost(ctx, seller);
    const dealId = await propose(ctx, buyer, post._id);
    return { seller, buyer, postId: post._id, dealId, url: `/api/trade/posts/${post._id}/deals/${dealId}/messages` };
  }
  const send = (url: string, member: TestMember | null, payload: Payload) =>
    ctx.app.inject({ method: 'POST', url, headers: member ? member.headers : {}, payload });
  const read = (url: string, member: TestMember) => ctx.app.inject({ url, headers: member.headers });
  const inboxOf = async (member: TestMember) => (await ctx.app.inject({ url: '/api/trade/chats', headers: member.headers })).json();
  const confirm = (member: TestMember, postId: string, dealId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/trade/posts/${postId}/deals/${dealId}/confirm`, headers: member.headers });

  describe('permission matrix', () => {
    it('reading and sending: the two parties only', async () => {
      const post = await createPost(ctx, cast.seller);
      const dealId = await propose(ctx, cast.buyer, post._id);
      const url = `/api/trade/posts/${post._id}/deals/${dealId}/messages`;
      const readExpected: Record<Viewer, number> = { anonymous: 401, buyer: 200, seller: 200, other: 403, banned: 403, admin: 403 };
      const sendExpected: Record<Viewer, number> = { anonymous: 401, buyer: 201, seller: 201, other: 403, banned: 403, admin: 403 };
      for (const viewer of VIEWERS) {
        const headers = headersOf(cast, viewer);
        expect((await ctx.app.inject({ url, headers })).statusCode, viewer).toBe(readExpected[viewer]);
        const sent = await ctx.app.inject({ method: 'POST', url, headers, payload: { text: `${viewer} 안녕하세요` } });
        expect(sent.statusCode, viewer).toBe(sendExpected[viewer]);
      }
      expect((await ctx.app.inject({ url, headers: cast.other.headers })).json()).toEqual({
        error: 'not_party', message: serverMessages.tradeNotParty,
      });
    });

    it('sending: a session that ended, or a member gone, is a 401 before anything else, and nothing is stored', async () => {
      const { seller, buyer, postId, url } = await dealBetween();
      const unknownDeal = `/api/trade/posts/${postId}/deals/00000000-0000-4000-8000-000000000000/messages`;
      const refusedAs = async (member: TestMember, error: { error: string; message: string }) => {
        for (const target of [url, unknownDeal]) {
          const sent = await send(target, member, { text: '아직 보낼 수 있나요' });
          expect(sent.statusCode, target).toBe(401);
          expect(sent.json(), target).toEqual(error);
        }
      };

      // Every other session ended (a password change, "log out everywhere"): the token's version is behind.
      await ctx.db.prisma.user.update({ where: { id: buyer.id }, data: { sessionVersion: { increment: 1 } } });
      await refusedAs(buyer, { error: 'invalid_token', message: serverMessages.sessionEnded });
      // The account deleted: its anonymized row stays, its sessions end.
      await ctx.db.prisma.user.update({ where: { id: seller.id }, data: { deletedAt: new Date() } });
      await refusedAs(seller, { error: 'invalid_token', message: serverMessages.sessionInvalid });
      const forged = { ...buyer, headers: { authorization: `${buyer.headers.authorization.slice(0, -2)}xx` } };
      await refusedAs(forged, { error: 'invalid_token', message: serverMessages.sessionInvalid });

      const stored = await ctx.db.prisma.tradeChatMessage.count({ where: { text: '아직 보낼 수 있나요' } });
      expect(stored).toBe(0);
    });

    it('inbox: members only, each sees their own chats', async () => {
      expect((await ctx.app.inject({ url: '/api/trade/chats' })).statusCode).toBe(401);
      const { seller, buyer, dealId } = await dealBetween();
      const stranger = await createMember(ctx);
      expect((await inboxOf(seller)).items.map((item: { dealId: string }) => item.dealId)).toEqual([dealId]);
      expect((await inboxOf(buyer)).items.map((item: { dealId: string }) => item.dealId)).toEqual([dealId]);
      expect((await inboxOf(stranger)).items).toEqual([]);
    });
  });

  describe('messages', () => {
    it('returns messages in order with the chat header, and only newer ones after=<messageId>', async () => {
      const { seller, buyer, postId, url } = await dealBetween();
      const first = (await send(url, buyer, { text: '  안녕하세요, 구매 희망합니다  ' })).json().message;
      // seq 1 is the system message of the application.
      expect(first).toMatchObject({
        senderId: buyer.id, senderNick: buyer.nickname, text: '안녕하세요, 구매 희망합니다', seq: 2, warnings: [], kind: 'user', systemEvent: null,
      });
      const second = (await send(url, seller, { text: '네 가능합니다' })).json().message;
      await send(url, buyer, { text: '지금 접속할게요' });

      const all = (await read(url, seller)).json();
      expect(all).toMatchObject({
        closed: false, dealStatus: 'IN_PROGRESS', confirmations: { buyer: false, seller: false },
        buyerId: buyer.id, sellerId: seller.id, buyerNick: buyer.nickname, sellerNick: seller.nickname,
        postId, myRole: 'seller', hasMore: false,
      });
      expect(all.items.map((item: { text: string }) => item.text)).toEqual([
        serverMessages.tradeSystemApplied(buyer.nickname, 150000, '[알파클랜] 오늘 저녁 가능'),
        '안녕하세요, 구매 희망합니다', '네 가능합니다', '지금 접속할게요',
      ]);

      const newer = (await read(`${url}?after=${second._id}`, buyer)).json();
      expect(newer.items.map((item: { text: string }) => item.text)).toEqual(['지금 접속할게요']);
      const none = (await read(`${url}?after=${newer.items[0]._id}`, buyer)).json();
      expect(none.items).toEqual([]);
      expect(first._id).not.toBe(second._id);
    });

    it('after=<id> of an unknown message falls back to the newest page', async () => {
      const { buyer, url } = await dealBetween();
      await send(url, buyer, { text: '첫 메시지입니다' });
      const response = await read(`${url}?after=00000000-0000-4000-8000-000000000000`, buyer);
      expect(response.json().items.map((item: { text: string }) => item.text).at(-1)).toBe('첫 메시지입니다');
      expect(response.json().items).toHaveLength(2);
      expect((await read(`${url}?after=garbage`, buyer)).statusCode).toBe(400);
    });

    it('refuses empty and over-long messages, and keeps the 1000-character one', async () => {
      const { buyer, url } = await dealBetween();
      for (const text of ['', '   \n\t ']) {
        const response = await send(url, buyer, { text });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'empty_message', message: serverMessages.tradeChatEmpty });
      }
      const tooLong = await send(url, buyer, { text: '가'.repeat(1001) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(serverMessages.tradeChatTooLong(1000));
      expect((await send(url, buyer, { text: '가'.repeat(1000) })).statusCode).toBe(201);
      expect((await send(url, buyer, {})).statusCode).toBe(400);
    });

    it('stores a message resent with the same clientId once', async () => {
      const { buyer, url } = await dealBetween();
      const payload = { text: '재전송 시험', clientId: 'client-abc_123' };
      const responses = await Promise.all([send(url, buyer, payload), send(url, buyer, payload), send(url, buyer, payload)]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(responses.map((response) => response.json().message._id)).size).toBe(1);
      const items = (await read(url, buyer)).json().items as { kind: string; clientId: string }[];
      expect(items.filter((item) => item.kind === 'user').map((item) => item.clientId)).toEqual(['client-abc_123']);
      expect((await send(url, buyer, { text: '잘못된 id', clientId: 'has space' })).statusCode).toBe(400);
    });

    it('parallel sends of one client id among other messages store it once, numbered without gaps', async () => {
      const { seller, buyer, url } = await dealBetween();
      const payload = { text: '한 번만', clientId: 'same-client-id' };
      const responses = await Promise.all(Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? send(url, buyer, payload) : send(url, seller, { text: `다른 메시지 ${index}` }))));
      const resends = responses.filter((_, index) => index % 2);
      expect(resends.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(resends.map((response) => response.json().message._id)).size).toBe(1);
      expect(resends.every((response) => response.json().message.text === '한 번만')).toBe(true);
      const items = (await read(url, buyer)).json().items as { seq: number; clientId: string }[];
      expect(items.filter((item) => item.clientId === 'same-client-id')).toHaveLength(1);
      expect(items.map((item) => item.seq)).toEqual(Array.from({ length: 7 }, (_, index) => index + 1));
    });

    it('refuses a bad message before anything else a party may be told, and answers a deal under another post 404', async () => {
      const { buyer, dealId, url } = await dealBetween();
      const stranger = await createMember(ctx);
      expect((await send(url, stranger, { text: '' })).json()).toEqual({ error: 'not_party', message: serverMessages.tradeNotParty });
      const otherPost = await createPost(ctx, cast.seller);
      const elsewhere = await send(`/api/trade/posts/${otherPost._id}/deals/${dealId}/messages`, buyer, { text: '다른 글' });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json()).toMatchObject({ error: 'deal_not_found' });
      await ctx.db.prisma.user.update({ where: { id: buyer.id }, data: { emailVerifiedAt: null } });
      expect((await send(url, buyer, { text: ' ' })).json()).toMatchObject({ error: 'empty_message' });
      expect((await send(url, buyer, { text: '인증 전' })).json()).toMatchObject({ error: 'email_unverified' });
    });

    it('numbers parallel messages of both parties without gaps or repeats', async () => {
      const { seller, buyer, url } = await dealBetween();
      await Promise.all(Array.from({ length: 12 }, (_, index) => send(url, index % 2 ? seller : buyer, { text: `동시 메시지 ${index}` })));
      const items = (await read(url, buyer)).json().items as { seq: number }[];
      // The application's system message is seq 1; the twelve follow it.
      expect(items.map((item) => item.seq)).toEqual(Array.from({ length: 13 }, (_, index) => index + 1));
    });

    it('warns about phone numbers and outside messengers', async () => {
      const { buyer, url } = await dealBetween();
      const phone = (await send(url, buyer, { text: '010-1234-5678로 연락 주세요' })).json().message;
      expect(phone.warnings).toEqual(['phone']);
      const kakao = (await send(url, buyer, { text: 'https://open.kakao.com/o/abc 여기로 오세요' })).json().message;
      expect(kakao.warnings).toEqual(['messenger']);
      const plain = (await send(url, buyer, { text: '150,000 SP 거래 원합니다' })).json().message;
      expect(plain.warnings).toEqual([]);
    });
  });

  describe('closing', () => {
    it('a completed deal closes its chat: sending is refused with chat room ended, a resend answered; reading still works', async () => {
      const { seller, buyer, postId, dealId, url } = await dealBetween();
      const first = (await send(url, buyer, { text: '송금했습니다', clientId: 'before-closing' })).json().message;
      await confirm(buyer, postId, dealId);
      const pending = (await read(url, seller)).json();
      expect(pending).toMatchObject({ closed: false, confirmations: { buyer: true, seller: false } });
      await confirm(seller, postId, dealId);

      const refused = await send(url, buyer, { text: '감사합니다' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'chat_closed', message: serverMessages.tradeChatEnded });
      // The sender of a message stored before the close may not have heard its answer: a resend still gets it.
      const resent = await send(url, buyer, { text: '송금했습니다', clientId: 'before-closing' });
      expect(resent.statusCode).toBe(200);
      expect(resent.json().message).toEqual(first);
      const closed = (await read(url, buyer)).json();
      expect(closed).toMatchObject({ closed: true, dealStatus: 'COMPLETED', confirmations: { buyer: true, seller: true } });
      expect(closed.items.map((item: { kind: string; systemEvent: string | null }) => item.systemEvent ?? item.kind))
        .toEqual(['applied', 'user', 'confirmed', 'confirmed', 'completed']);
    });

    it("another buyer's completed deal closes this chat too", async () => {
      const { seller, buyer, postId, dealId, url } = await dealBetween();
      const rival = await createMember(ctx);
      const rivalDeal = await propose(ctx, rival, postId);
      await confirm(rival, postId, rivalDeal);
      await confirm(seller, postId, rivalDeal);
      expect((await send(url, buyer, { text: '아직 가능한가요' })).statusCode).toBe(409);
      const chat = (await read(url, buyer)).json();
      expect(chat).toMatchObject({ closed: true, dealStatus: 'CLOSED', endedBy: null });
      expect((await inboxOf(buyer)).items.find((item: { dealId: string }) => item.dealId === dealId)).toMatchObject({ closed: true });
    });
  });

  describe('inbox and unread counts', () => {
    it('shows counterpart, newest message and a per-deal unread count the server keeps', async () => {
      const { seller, buyer, postId, dealId, url } = await dealBetween();
      await send(url, buyer, { text: '첫 번째 문의' });
      await send(url, buyer, { text: '두 번째 문의' });

      const sellerInbox = await inboxOf(seller);
      expect(sellerInbox.items[0]).toMatchObject({
        dealId, postId, postTitle: '서든 SP 판매합니다', price: 150000, dealStatus: 'IN_PROGRESS', mineIsSeller: true,
        sellerId: seller.id, buyerId: buyer.id, buyerNick: buyer.nickname, sellerNick: seller.nickname,
        counterpartRole: 'buyer', counterpartNick: buyer.nickname, lastMessageText: '두 번째 문의', unreadCount: 2,
      });
      expect(sellerInbox.items[0].lastMessageAt).not.toBeNull();
      expect(sellerInbox.unreadTotal).toBe(2);
      // The sender has nothing unread: their own messages do not count.
      expect((await inboxOf(buyer)).items[0]).toMatchObject({ unreadCount: 0, counterpartRole: 'seller', mineIsSeller: false });

      const summary = await ctx.app.inject({ url: '/api/trade/alerts/summary', headers: seller.headers });
      expect(summary.json().unreadChats).toBe(2);

      await read(url, seller);
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(0);
      expect((await inboxOf(seller)).unreadTotal).toBe(0);
      await send(url, buyer, { text: '세 번째 문의' });
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(1);
    });

    it('lists the most recently active chat first', async () => {
      const seller = await createMember(ctx);
      const [buyerA, buyerB] = await Promise.all([createMember(ctx), createMember(ctx)]);
      const post = await createPost(ctx, seller);
      const dealA = await propose(ctx, buyerA, post._id);
      const dealB = await propose(ctx, buyerB, post._id);
      await send(`/api/trade/posts/${post._id}/deals/${dealA}/messages`, buyerA, { text: '먼저 신청했어요' });
      expect((await inboxOf(seller)).items.map((item: { dealId: string }) => item.dealId)).toEqual([dealA, dealB]);
      await send(`/api/trade/posts/${post._id}/deals/${dealB}/messages`, buyerB, { text: '저도 원합니다' });
      expect((await inboxOf(seller)).items.map((item: { dealId: string }) => item.dealId)).toEqual([dealB, dealA]);
    });
  });
  describe('system messages, read positions and restricted parties', () => {
    type Item = { kind: string; systemEvent: string | null; senderId: string; text: string; warnings: string[] };

    it('records the application, each confirmation and the completion in the chat, marked as system messages', async () => {
      const { seller, buyer, postId, dealId, url } = await dealBetween();
      await send(url, seller, { text: '네 010-1234-5678 로 연락 주세요' });
      await confirm(seller, postId, dealId);
      await confirm(seller, postId, dealId);
      await confirm(buyer, postId, dealId);
      const items = (await read(url, buyer)).json().items as Item[];
      expect(items.map((item) => [item.kind, item.systemEvent, item.senderId])).toEqual([
        ['system', 'applied', buyer.id],
        ['user', null, seller.id],
        ['system', 'confirmed', seller.id],
        ['system', 'confirmed', buyer.id],
        ['system', 'completed', buyer.id],
      ]);
      expect(items.map((item) => item.text)).toEqual([
        serverMessages.tradeSystemApplied(buyer.nickname, 150000, '[알파클랜] 오늘 저녁 가능'),
        '네 010-1234-5678 로 연락 주세요',
        serverMessages.tradeSystemConfirmed('seller'),
        serverMessages.tradeSystemConfirmed('buyer'),
        serverMessages.tradeSystemCompleted,
      ]);
      // Warnings are for members' words only.
      expect(items.map((item) => item.warnings)).toEqual([[], ['phone'], [], [], []]);
    });

    it("tells the post's other buyers in their chats that another deal completed it", async () => {
      const { seller, buyer, postId, url } = await dealBetween();
      const rival = await createMember(ctx);
      const rivalDeal = await propose(ctx, rival, postId);
      await confirm(rival, postId, rivalDeal);
      await confirm(seller, postId, rivalDeal);
      const items = (await read(url, buyer)).json().items as Item[];
      expect(items.at(-1)).toMatchObject({ kind: 'system', systemEvent: 'closed', senderId: seller.id, text: serverMessages.tradeSystemClosed });
      const rivalItems = (await read(`/api/trade/posts/${postId}/deals/${rivalDeal}/messages`, rival)).json().items as Item[];
      expect(rivalItems.map((item) => item.systemEvent)).toEqual(['applied', 'confirmed', 'confirmed', 'completed']);
    });

    it('does not count system messages as unread', async () => {
      const { seller, buyer, postId, dealId } = await dealBetween();
      await confirm(buyer, postId, dealId);
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(0);
      expect((await inboxOf(buyer)).unreadTotal).toBe(0);
    });

    it('a read moves the reader forward only, and the other party sees how far (counterpartReadSeq)', async () => {
      const { seller, buyer, url } = await dealBetween();
      const readUrl = url.replace(/messages$/, 'read');
      const first = (await send(url, buyer, { text: '첫 번째 문의' })).json().message;
      const second = (await send(url, buyer, { text: '두 번째 문의' })).json().message;
      expect((await read(url, buyer)).json().counterpartReadSeq).toBe(0);

      const marked = await ctx.app.inject({ method: 'POST', url: readUrl, headers: seller.headers, payload: { messageId: first._id } });
      expect(marked.json()).toEqual({ ok: true, readSeq: first.seq });
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(1);
      expect((await read(url, buyer)).json().counterpartReadSeq).toBe(first.seq);

      await ctx.app.inject({ method: 'POST', url: readUrl, headers: seller.headers, payload: { messageId: second._id } });
      const back = await ctx.app.inject({ method: 'POST', url: readUrl, headers: seller.headers, payload: { messageId: first._id } });
      expect(back.json()).toEqual({ ok: true, readSeq: second.seq });
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(0);

      const unknown = await ctx.app.inject({
        method: 'POST', url: readUrl, headers: seller.headers, payload: { messageId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('message_not_found');
      const stranger = await createMember(ctx);
      expect((await ctx.app.inject({ method: 'POST', url: readUrl, headers: stranger.headers, payload: { messageId: first._id } })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'POST', url: readUrl, payload: { messageId: first._id } })).statusCode).toBe(401);
    });

    it('read=0 loads the messages without marking them read: no read receipt, the unread count stays', async () => {
      const { seller, buyer, url } = await dealBetween();
      const first = (await send(url, buyer, { text: '보셨나요' })).json().message;
      const second = (await send(url, buyer, { text: '답장 기다립니다' })).json().message;

      // The seller's tab in the background loads the chat (first load, then a resync after the first message).
      const hidden = (await read(`${url}?read=0`, seller)).json();
      expect(hidden.items.map((item: { text: string }) => item.text).slice(-2)).toEqual(['보셨나요', '답장 기다립니다']);
      expect((await read(`${url}?after=${first._id}&read=0`, seller)).json().items.map((item: { _id: string }) => item._id)).toEqual([second._id]);
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(2);
      expect((await read(url, buyer)).json().counterpartReadSeq).toBe(0);

      // The tab comes to the front: a plain load (or a mark) moves the position, and the buyer sees 읽음.
      await read(`${url}?after=${first._id}`, seller);
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(0);
      expect((await read(url, buyer)).json().counterpartReadSeq).toBe(second.seq);

      expect((await read(`${url}?read=yes`, seller)).statusCode).toBe(400);
    });

    it('opens with the newest 200 messages; before=<id> pages back through older ones without marking them read', async () => {
      const { seller, buyer, dealId, url } = await dealBetween();
      // 250 messages of the buyer after the application's system message (seq 1), written straight to the table.
      await ctx.db.prisma.$executeRaw`
        INSERT INTO trade_chat_messages (deal_id, seq, sender_id, client_id, text)
        SELECT ${dealId}::uuid, 1 + n, ${buyer.id}::uuid, 'bulk-' || n, '메시지 ' || n FROM generate_series(1, 250) n`;
      await ctx.db.prisma.$executeRaw`UPDATE trade_deals SET message_count = 251 WHERE id = ${dealId}::uuid`;
      type Page = { items: { _id: string; seq: number; text: string }[]; hasOlder: boolean; hasMore: boolean };

      const newest = (await read(`${url}?read=0`, seller)).json() as Page;
      expect(newest.items.map((item) => item.seq)).toEqual(Array.from({ length: 200 }, (_, index) => 52 + index));
      expect(newest).toMatchObject({ hasOlder: true, hasMore: false });

      const older = (await read(`${url}?before=${newest.items[0]!._id}`, seller)).json() as Page;
      expect(older.items.map((item) => item.seq)).toEqual(Array.from({ length: 51 }, (_, index) => 1 + index));
      expect(older.items[0]!.text).toBe(serverMessages.tradeSystemApplied(buyer.nickname, 150000, '[알파클랜] 오늘 저녁 가능'));
      expect(older).toMatchObject({ hasOlder: false, hasMore: true });
      // Reading history moved nothing: all 250 of the buyer's messages are still unread for the seller.
      expect((await inboxOf(seller)).items[0].unreadCount).toBe(250);

      const middle = (await read(`${url}?before=${older.items[10]!._id}`, seller)).json() as Page;
      expect(middle.items.map((item) => item.seq)).toEqual(Array.from({ length: 10 }, (_, index) => 1 + index));

      const both = await read(`${url}?before=${newest.items[0]!._id}&after=${older.items[0]!._id}`, seller);
      expect(both.statusCode).toBe(400);
      expect(both.json()).toEqual({ error: 'after_and_before', message: serverMessages.tradeAfterAndBefore });
      const elsewhere = await dealBetween();
      const foreign = (await read(elsewhere.url, elsewhere.seller)).json().items[0]._id as string;
      const unknown = await read(`${url}?before=${foreign}`, seller);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe('message_not_found');
      expect((await read(`${url}?before=not-an-id`, seller)).statusCode).toBe(400);
    });

    it('a party restricted from trading still reads the chat but cannot write; the chat says why; lifting it restores writing', async () => {
      const { buyer, url } = await dealBetween();
      const restrict = (banned: boolean) => ctx.db.prisma.tradeProfile.upsert({
        where: { userId: buyer.id }, create: { userId: buyer.id, banned, banReason: '신고 확인 중' }, update: { banned, banReason: '신고 확인 중' },
      });
      await restrict(true);
      const message = serverMessages.tradeRestrictedBecause('신고 확인 중', null);
      const reading = await read(url, buyer);
      expect(reading.statusCode).toBe(200);
      expect(reading.json().sendRefusal).toEqual({ error: 'trade_restricted', message });
      const sending = await send(url, buyer, { text: '아직 가능한가요' });
      expect(sending.statusCode).toBe(403);
      expect(sending.json()).toEqual({ error: 'trade_restricted', message });
      await restrict(false);
      expect((await read(url, buyer)).json().sendRefusal).toBeNull();
      expect((await send(url, buyer, { text: '아직 가능한가요' })).statusCode).toBe(201);
    });

    it('a member whose e-mail is not verified reads an old chat but cannot write in it', async () => {
      const { buyer, url } = await dealBetween();
      await ctx.db.prisma.user.update({ where: { id: buyer.id }, data: { emailVerifiedAt: null } });
      expect((await read(url, buyer)).json().sendRefusal).toEqual({ error: 'email_unverified', message: serverMessages.tradeEmailUnverified });
      expect((await send(url, buyer, { text: '인증 전 메시지' })).json()).toMatchObject({ error: 'email_unverified' });
    });
  });
});
