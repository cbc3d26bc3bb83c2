import { randomBytes } from 'node:crypto';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { App } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';
import { hashPassword } from '../../server/modules/auth/password-hash.js';

/** A password that meets every sign-up rule (unless the e-mail's local part is in it). */
export const GOOD_PASSWORD = 'Sal!league2026';

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Unique e-mail and nickname, so test files never collide. */
export function uniqueMember(prefix = 'm'): { email: string; nickname: string } {
  const tag = randomBytes(4).toString('hex');
  return { email: `${prefix}${tag}@example.kr`, nickname: `${prefix}${tag}` };
}

/** Solves the server's ALTCHA challenge the way the widget does, and returns the widget's payload. */
export async function solveCaptcha(app: App): Promise<string> {
  const challenge = (await app.inject({ url: '/api/captcha/challenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface TestMember {
  id: string;
  email: string;
  nickname: string;
  password: string;
}

/** A member written straight to the database (for tests that are not about sign-up). */
export async function createMember(
  prisma: Database,
  overrides: Partial<{ email: string; nickname: string; password: string; role: 'user' | 'admin'; verified: boolean }> = {},
): Promise<TestMember> {
  const names = uniqueMember();
  const email = overrides.email ?? names.email;
  const nickname = overrides.nickname ?? names.nickname;
  const password = overrides.password ?? GOOD_PASSWORD;
  const user = await prisma.user.create({
    data: {
      email,
      nickname,
      passwordHash: await hashPassword(password),
      role: overrides.role ?? 'user',
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    },
    select: { id: true },
  });
  return { id: user.id, email, nickname, password };
}

/** Logs in through the API and returns the session token. */
export async function loginToken(app: App, member: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}
