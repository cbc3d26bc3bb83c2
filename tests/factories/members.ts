import { randomBytes } from 'node:crypto';
import type { App } from '../../server/app.js';
import type { Database } from '../../server/db/client.js';
import { hashPassword } from '../../server/modules/auth/password-hash.js';
import type { UserRole } from '../../server/modules/auth/session-token.js';

/** A password that meets every sign-up rule (unless the e-mail's local part is in it). */
export const GOOD_PASSWORD = 'Sal!league2026';

/** Unique e-mail and nickname, so test files never collide. */
export function uniqueMember(prefix = 'm'): { email: string; nickname: string } {
  const tag = randomBytes(4).toString('hex');
  return { email: `${prefix}${tag}@example.kr`, nickname: `${prefix}${tag}` };
}

export interface MemberOptions {
  role?: UserRole;
  /** The start of the nickname; a random tag is added so it stays unique (default "회원"). */
  nickname?: string;
  /** The exact e-mail (default a unique one). */
  email?: string;
  /** The password the member logs in with (default GOOD_PASSWORD). */
  password?: string;
  /** False leaves the e-mail unverified (trading needs it verified). */
  verified?: boolean;
  /** Restricted from trading, with no end (the ban tests make their own with a reason and an end). */
  banned?: boolean;
}

/** A member as stored: who they are and the password that logs them in. */
export interface StoredMember {
  id: string;
  email: string;
  nickname: string;
  role: UserRole;
  password: string;
}

/** A member with a session token signed by the app's own signing code, as after a login. */
export interface TestMember extends StoredMember {
  token: string;
  headers: { authorization: string };
}

// Argon2 costs about 30 ms a hash: the default password is hashed once per test process.
let defaultPasswordHash: Promise<string> | undefined;
const passwordHashOf = (password: string) =>
  password === GOOD_PASSWORD ? (defaultPasswordHash ??= hashPassword(GOOD_PASSWORD)) : hashPassword(password);

/** Writes a member straight to the database (for tests that are not about sign-up, and for those with no app). */
export async function insertMember(prisma: Database, options: MemberOptions = {}): Promise<StoredMember> {
  const tag = randomBytes(4).toString('hex');
  const password = options.password ?? GOOD_PASSWORD;
  const user = await prisma.user.create({
    data: {
      email: options.email ?? `member-${tag}@example.kr`,
      nickname: `${options.nickname ?? '회원'}${tag}`,
      passwordHash: await passwordHashOf(password),
      role: options.role ?? 'user',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    },
    select: { id: true, email: true, nickname: true, role: true },
  });
  if (options.banned) await prisma.tradeProfile.create({ data: { userId: user.id, banned: true, banReason: '시험용 제한' } });
  return { ...user, password };
}

/** The one member factory of the API and realtime suites: a stored member, signed in. */
export async function createMember(ctx: { app: App; db: { prisma: Database } }, options: MemberOptions = {}): Promise<TestMember> {
  const member = await insertMember(ctx.db.prisma, options);
  const token = ctx.app.signSessionToken(member);
  return { ...member, token, headers: { authorization: `Bearer ${token}` } };
}
