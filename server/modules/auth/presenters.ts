import type { MeResponse, MeUser } from '../../contracts/auth.js';
import type { UserRole } from '../../plugins/auth.js';
import { nextNicknameChangeAt } from './nickname-policy.js';

export interface MemberRow {
  id: string;
  email: string;
  nickname: string;
  role: UserRole;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  nicknameChangedAt: Date | null;
}

export const memberSelect = {
  id: true,
  email: true,
  nickname: true,
  role: true,
  emailVerifiedAt: true,
  createdAt: true,
  lastLoginAt: true,
  nicknameChangedAt: true,
} as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The member as GET /api/auth/me shows it: the user object and the same fields flat (the spec gives both readings;
 * docs/product/accounts.md#unverified-accounts).
 */
export function presentMe(member: MemberRow, now: Date): MeResponse {
  const verified = member.emailVerifiedAt !== null;
  const next = nextNicknameChangeAt(member.nicknameChangedAt);
  const user: MeUser = {
    id: member.id,
    _id: member.id,
    userId: member.id,
    email: member.email,
    nickname: member.nickname,
    role: member.role,
    isEmailVerified: verified,
    isVerified: verified,
    emailVerifiedAt: iso(member.emailVerifiedAt),
    createdAt: member.createdAt.toISOString(),
    lastLoginAt: iso(member.lastLoginAt),
    nicknameChangedAt: iso(member.nicknameChangedAt),
    nextNicknameChangeAt: next && next > now ? next.toISOString() : null,
  };
  return {
    role: member.role,
    user,
    email: user.email,
    nickname: user.nickname,
    isEmailVerified: verified,
    isVerified: verified,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
  };
}
