import { randomBytes } from 'node:crypto';
import { AppError, BadRequestError, ConflictError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { neutraliseAuthorNames } from '../boards/member-content.js';
import { isUniqueViolation, type AccountDeps } from './account-deps.js';
import { guardedPasswordAttempt, PasswordMismatch } from './account-service.js';
import { formatKoreanDateTime, requireValidNickname, requireValidPassword } from './field-checks.js';
import { clearAccount } from './login-throttle.js';
import { latestChangeAllowingNow, nextNicknameChangeAt } from './nickname-policy.js';
import { NICKNAME_CHANGE_DAYS } from './nickname-rules.js';
import { hashPassword, verifyPassword } from './password-hash.js';

/** 429 naming the date the nickname may change again (and `nextAllowedAt` for clients that show it their way). */
function nicknameCooldown(nextAt: Date, now: Date): AppError {
  const retryAfter = Math.ceil((nextAt.getTime() - now.getTime()) / 1000);
  return new AppError(429, 'nickname_cooldown', serverMessages.nicknameCooldown(NICKNAME_CHANGE_DAYS, formatKoreanDateTime(nextAt)), {
    retryAfter,
    nextAllowedAt: nextAt.toISOString(),
  });
}

/** A signed-in member's own account: nickname, password, sessions and deletion (my page). */
export function accountSettings(deps: AccountDeps) {
  /**
   * PUT /api/auth/nickname: once per NICKNAME_CHANGE_DAYS (the sign-up nickname does not count as a change).
   * The rule is part of the update's condition, so two renames at the same instant cannot both pass.
   */
  async function changeNickname(member: SessionUser, rawNickname: string): Promise<{ nickname: string; nextAt: Date }> {
    const nickname = rawNickname.trim();
    requireValidNickname(nickname);
    if (nickname === member.nickname) throw new BadRequestError(serverMessages.nicknameSame, 'nickname_same');
    const now = deps.now();
    const current = await deps.prisma.user.findUniqueOrThrow({ where: { id: member.id }, select: { nicknameChangedAt: true } });
    const nextAt = nextNicknameChangeAt(current.nicknameChangedAt);
    if (nextAt && nextAt > now) throw nicknameCooldown(nextAt, now);
    let changed: number;
    try {
      ({ count: changed } = await deps.prisma.user.updateMany({
        where: {
          id: member.id,
          deletedAt: null,
          OR: [{ nicknameChangedAt: null }, { nicknameChangedAt: { lte: latestChangeAllowingNow(now) } }],
        },
        data: { nickname, nicknameChangedAt: now },
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(serverMessages.nicknameTaken, 'nickname_taken');
      throw error;
    }
    if (changed === 0) {
      const raced = await deps.prisma.user.findUniqueOrThrow({ where: { id: member.id }, select: { nicknameChangedAt: true } });
      throw nicknameCooldown(nextNicknameChangeAt(raced.nicknameChangedAt) ?? now, now);
    }
    return { nickname, nextAt: nextNicknameChangeAt(now)! };
  }

  /**
   * POST /api/auth/logout-everywhere: raises the member's session version, so every token signed before (other
   * browsers, a stolen token) stops working; returns the new version for this device's new token.
   */
  async function endOtherSessions(member: SessionUser): Promise<number> {
    const updated = await deps.prisma.user.update({
      where: { id: member.id },
      data: { sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    });
    return updated.sessionVersion;
  }

  /**
   * DELETE /api/auth/delete: the personal data goes (e-mail, nickname, password, consents, login times, pending
   * links, login counts) but the row stays under a neutral name and its id, so the member's posts, comments and
   * deals keep a valid author that reads "탈퇴회원-…"; board posts and comments written under the old nickname
   * show 탈퇴회원. Sessions end at once (the auth plugin refuses deleted rows); the member's open trade deals end as
   * cancelled in the same transaction (`deletionSteps`).
   */
  async function deleteAccount(member: SessionUser): Promise<void> {
    const now = deps.now();
    const suffix = randomBytes(6).toString('hex');
    const afterCommit = await deps.prisma.$transaction(async (tx) => {
      const { count } = await tx.user.updateMany({
        where: { id: member.id, deletedAt: null },
        data: {
          email: `deleted-${member.id}@deleted.invalid`,
          nickname: serverMessages.deletedMemberName(suffix),
          passwordHash: '!deleted',
          role: 'user',
          emailVerifiedAt: null,
          lastLoginAt: null,
          nicknameChangedAt: null,
          termsAgreedAt: null,
          privacyAgreedAt: null,
          deletedAt: now,
        },
      });
      if (count === 0) return [];
      await neutraliseAuthorNames(tx, member.id);
      await tx.emailVerificationToken.deleteMany({ where: { userId: member.id } });
      await tx.readerMark.deleteMany({ where: { userId: member.id } });
      await clearAccount(tx, member.email.toLowerCase());
      const steps: (() => Promise<void>)[] = [];
      for (const step of deps.deletionSteps ?? []) steps.push(await step(tx, member.id));
      return steps;
    });
    for (const announce of afterCommit) await announce();
  }


  /**
   * PUT /api/auth/password: the current password is required and wrong guesses count against the same throttle as
   * logins (a stolen session must not become a password oracle); the new one follows the sign-up rules. The same
   * update raises the session version, so every token signed before stops working; returns the new version.
   */
  async function changePassword(
    member: SessionUser,
    body: { oldPassword: string; newPassword: string },
    ip: string,
  ): Promise<number> {
    requireValidPassword(body.newPassword, member.email);
    if (body.oldPassword === body.newPassword) throw new BadRequestError(serverMessages.passwordSame, 'password_same');
    const newHash = await hashPassword(body.newPassword);
    try {
      return await guardedPasswordAttempt(deps, { email: member.email.toLowerCase(), ip }, async (tx) => {
        const row = await tx.user.findUniqueOrThrow({ where: { id: member.id }, select: { passwordHash: true } });
        if (!(await verifyPassword(row.passwordHash, body.oldPassword))) return null;
        const updated = await tx.user.update({
          where: { id: member.id },
          data: { passwordHash: newHash, sessionVersion: { increment: 1 } },
          select: { sessionVersion: true },
        });
        return updated.sessionVersion;
      });
    } catch (error) {
      if (error instanceof PasswordMismatch) throw new BadRequestError(serverMessages.passwordWrong, 'password_wrong');
      throw error;
    }
  }

  return { changeNickname, changePassword, endOtherSessions, deleteAccount };
}
