import type { App } from '../../server/app.js';
import { createMember } from '../factories/members.js';
import type { TestContext } from '../helpers/test-app.js';

/** Signed-in members of the community tests: two ordinary members and an admin, with their bearer headers. */
export interface CommunityUsers {
  member: { id: string; headers: Record<string, string> };
  other: { id: string; headers: Record<string, string> };
  admin: { id: string; headers: Record<string, string> };
}

export async function createCommunityUsers(ctx: TestContext): Promise<CommunityUsers> {
  return {
    member: await createMember(ctx),
    other: await createMember(ctx),
    admin: await createMember(ctx, { role: 'admin' }),
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
