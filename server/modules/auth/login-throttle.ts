import type { Prisma } from '../../db/generated/client.js';

type Tx = Prisma.TransactionClient;
export type ThrottleScope = 'account' | 'ip';

/**
 * Failed-login policy. Per account (its e-mail): the first two failures cost nothing, then each failure makes the
 * next attempt wait 1, 2, 4 ... up to 60 seconds, and the 10th locks the account for 15 minutes. Per IP the same
 * from the 10th failure with the lock at the 50th, so one address cannot spray guesses over many accounts.
 * Failures older than the window are forgotten.
 */
export const THROTTLE_POLICY = {
  account: { slowFrom: 3, lockAt: 10 },
  ip: { slowFrom: 10, lockAt: 50 },
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  maxDelaySeconds: 60,
  /** Rows untouched for this long are removed. */
  keepSeconds: 24 * 60 * 60,
} as const;

/** Seconds the next attempt must wait after `failures` recent failures in `scope`. */
export function blockSecondsAfter(scope: ThrottleScope, failures: number): number {
  const { slowFrom, lockAt } = THROTTLE_POLICY[scope];
  if (failures >= lockAt) return THROTTLE_POLICY.lockSeconds;
  if (failures < slowFrom) return 0;
  return Math.min(2 ** (failures - slowFrom), THROTTLE_POLICY.maxDelaySeconds);
}

export interface ThrottleSubjects {
  /** The account tried, lower-cased (also for e-mails with no account, so lockouts do not reveal accounts). */
  email: string;
  ip: string;
}

/**
 * Serializes attempts on the same account and on the same IP for the rest of the transaction. Account first,
 * then IP, always in that order, so two attempts can never wait on each other in a cycle.
 */
export async function lockSubjects(tx: Tx, subjects: ThrottleSubjects): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`login:account:${subjects.email}`}, 0))`;
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`login:ip:${subjects.ip}`}, 0))`;
}

/** Seconds until the account and the IP may try again (0: now). */
export async function secondsBlocked(tx: Tx, subjects: ThrottleSubjects, now: Date): Promise<number> {
  const rows = await tx.loginThrottle.findMany({
    where: {
      OR: [
        { scope: 'account', subject: subjects.email },
        { scope: 'ip', subject: subjects.ip },
      ],
      blockedUntil: { gt: now },
    },
    select: { blockedUntil: true },
  });
  const until = Math.max(0, ...rows.map((row) => row.blockedUntil!.getTime()));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

async function recordOne(tx: Tx, scope: ThrottleScope, subject: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowSeconds * 1000);
  const [row] = await tx.$queryRaw<{ failures: number }[]>`
    INSERT INTO login_throttles AS t (scope, subject, failures, last_failure_at)
    VALUES (${scope}::login_throttle_scope, ${subject}, 1, ${now})
    ON CONFLICT (scope, subject) DO UPDATE SET
      failures = CASE WHEN t.last_failure_at < ${windowStart} THEN 1 ELSE t.failures + 1 END,
      last_failure_at = ${now}
    RETURNING failures`;
  const wait = blockSecondsAfter(scope, row!.failures);
  await tx.loginThrottle.update({
    where: { scope_subject: { scope, subject } },
    data: { blockedUntil: wait > 0 ? new Date(now.getTime() + wait * 1000) : null },
  });
}

/** Counts a failed attempt against the account and the IP, and forgets rows nobody touched for a day. */
export async function recordFailure(tx: Tx, subjects: ThrottleSubjects, now: Date): Promise<void> {
  await recordOne(tx, 'account', subjects.email, now);
  await recordOne(tx, 'ip', subjects.ip, now);
  await tx.loginThrottle.deleteMany({
    where: { lastFailureAt: { lt: new Date(now.getTime() - THROTTLE_POLICY.keepSeconds * 1000) } },
  });
}

/** A successful login clears the account's count; the IP's stays (one good account must not reset a spray). */
export async function clearAccount(tx: Tx, email: string): Promise<void> {
  await tx.loginThrottle.deleteMany({ where: { scope: 'account', subject: email } });
}
