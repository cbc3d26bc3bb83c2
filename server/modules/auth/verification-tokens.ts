import { createHash, randomBytes } from 'node:crypto';
import type { Database, Transaction } from '../../db/client.js';

/** A verification link works once, for this long after it was sent. */
export const VERIFICATION_TTL_HOURS = 24;
/** The least time between two verification mails to the same member. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** 32 random bytes in base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Only this digest is stored: a copy of the table does not hold working links. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates the member's verification token (older unused ones stop working) and returns it for the link. */
export async function issueVerificationToken(tx: Transaction, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.emailVerificationToken.deleteMany({ where: { userId, usedAt: null } });
  await tx.emailVerificationToken.create({
    data: { userId, tokenHash: digest(token), createdAt: now, expiresAt: new Date(now.getTime() + VERIFICATION_TTL_HOURS * 3_600_000) },
  });
  return token;
}

/** Seconds until the member may be sent another verification mail (0: now). */
export async function resendWaitSeconds(tx: Transaction, userId: string, now: Date): Promise<number> {
  const latest = await tx.emailVerificationToken.findFirst({
    where: { userId },
    orderBy: { createdAt: 'desc' },
    select: { createdAt: true },
  });
  if (!latest) return 0;
  const readyAt = latest.createdAt.getTime() + RESEND_COOLDOWN_SECONDS * 1000;
  return readyAt > now.getTime() ? Math.ceil((readyAt - now.getTime()) / 1000) : 0;
}

export type RedeemOutcome = 'verified' | 'invalid' | 'expired' | 'used';

/**
 * Spends a verification token and marks the member's e-mail verified. One conditional update claims the token,
 * so two clicks at the same instant verify once and the second hears 'used'.
 */
export async function redeemVerificationToken(prisma: Database, token: string, now: Date): Promise<RedeemOutcome> {
  if (!TOKEN_PATTERN.test(token)) return 'invalid';
  const tokenHash = digest(token);
  return prisma.$transaction(async (tx) => {
    const [claimed] = await tx.$queryRaw<{ user_id: string }[]>`
      UPDATE email_verification_tokens SET used_at = ${now}
      WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
      RETURNING user_id::text`;
    if (claimed) {
      await tx.user.updateMany({
        where: { id: claimed.user_id, emailVerifiedAt: null, deletedAt: null },
        data: { emailVerifiedAt: now },
      });
      return 'verified';
    }
    const row = await tx.emailVerificationToken.findUnique({ where: { tokenHash }, select: { usedAt: true } });
    if (!row) return 'invalid';
    return row.usedAt ? 'used' : 'expired';
  });
}
