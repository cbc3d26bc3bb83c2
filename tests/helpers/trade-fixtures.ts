import { createMember, type TestMember } from '../factories/members.js';
import type { TestContext } from './test-app.js';

/** Lets a member post again at once (the 20-minute cooldown is tested on its own). */
export async function clearCooldown(ctx: TestContext, member: TestMember): Promise<void> {
  await ctx.db.prisma.tradeProfile.updateMany({ where: { userId: member.id }, data: { lastPostedAt: null } });
}

export const VALID_POST = { board: 'user-trade', title: '서든 SP 판매합니다', content: '빠른 거래 원합니다. 연락 주세요.', price: '150000' };

/** Writes a post through the API as `seller` and clears the cooldown so the seller may write another. */
export async function createPost(ctx: TestContext, seller: TestMember, overrides: Partial<typeof VALID_POST> = {}) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/trade/posts',
    headers: seller.headers,
    payload: { ...VALID_POST, ...overrides },
  });
  if (response.statusCode !== 201) throw new Error(`post failed: ${response.statusCode} ${response.body}`);
  await clearCooldown(ctx, seller);
  return response.json().post as { _id: string; status: string };
}

/** A buyer applies on a post through the API and gets the deal id. */
export async function propose(ctx: TestContext, buyer: TestMember, postId: string, price = '150000', note = '[알파클랜] 오늘 저녁 가능') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/trade/posts/${postId}/propose`,
    headers: buyer.headers,
    payload: { price, note },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`propose failed: ${response.statusCode} ${response.body}`);
  return response.json().dealId as string;
}

export interface Cast {
  seller: TestMember;
  buyer: TestMember;
  other: TestMember;
  banned: TestMember;
  admin: TestMember;
}

/** The six viewpoints of the permission matrices (anonymous is no member at all). */
export async function createCast(ctx: TestContext): Promise<Cast> {
  const [seller, buyer, other, banned, admin] = await Promise.all([
    createMember(ctx, { nickname: '판매자' }),
    createMember(ctx, { nickname: '구매자' }),
    createMember(ctx, { nickname: '다른회원' }),
    createMember(ctx, { nickname: '제한회원', banned: true }),
    createMember(ctx, { nickname: '운영자', role: 'admin' }),
  ]);
  return { seller, buyer, other, banned, admin };
}

export type Viewer = 'anonymous' | keyof Cast;
export const VIEWERS: Viewer[] = ['anonymous', 'buyer', 'seller', 'other', 'banned', 'admin'];

/** The headers a viewer sends. */
export const headersOf = (cast: Cast, viewer: Viewer) => (viewer === 'anonymous' ? {} : cast[viewer].headers);

/** Request headers and JSON bodies as the tests send them. */
export type Headers = Record<string, string>;
export type Payload = Record<string, unknown>;
