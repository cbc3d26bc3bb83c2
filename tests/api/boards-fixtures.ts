import type { App } from '../../server/app.js';
import type { TestContext } from '../helpers/test-app.js';

/** Signed-in members of the community tests: two ordinary members and an admin, with their bearer headers. */
export interface CommunityUsers {
  member: { id: string; headers: Record<string, string> };
  other: { id: string; headers: Record<string, string> };
  admin: { id: string; headers: Record<string, string> };
}

let sequence = 0;

/** Creates a member with unique e-mail and nickname and returns its id and bearer header. */
export async function createMember(ctx: TestContext, role: 'user' | 'admin' = 'user', nickname?: string) {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const user = await ctx.db.prisma.user.create({
    data: { email: `m${tag}@example.kr`, nickname: nickname ?? `회원${tag}`, passwordHash: 'unused', role },
    select: { id: true, email: true, nickname: true, role: true },
  });
  return { id: user.id, headers: { authorization: `Bearer ${ctx.app.signSessionToken(user)}` } };
}

export async function createCommunityUsers(ctx: TestContext): Promise<CommunityUsers> {
  return {
    member: await createMember(ctx),
    other: await createMember(ctx),
    admin: await createMember(ctx, 'admin'),
  };
}

/** An address for `app.inject` so per-IP rules can be exercised. */
export const fromIp = (remoteAddress: string) => ({ remoteAddress });

/** Writes a post through the API and returns its id. */
export async function writePost(
  app: App,
  category: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: `/api/sal-board/${category}`, headers, payload });
  if (response.statusCode !== 201) throw new Error(`write failed: ${response.statusCode} ${response.body}`);
  return response.json().post._id as string;
}
