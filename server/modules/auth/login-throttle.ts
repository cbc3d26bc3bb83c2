import type { Transaction } from '../../db/client.js';

export type ThrottleScope = 'account' | 'ip' | 'account_ip';

/**
 * Failed-login policy. Nothing anyone else does can lock a member out of their account:
 * - per account and address together: the first two failures cost nothing, then each failure makes that address's
 *   next attempt on that account wait 1, 2, 4 ... up to 60 seconds, and the 10th locks that pair for 15 minutes;
 * - per account (any address) and per address (any account): from the 10th failure on, every attempt needs a solved
 *   robot check. A guesser spread over many addresses, or one address spraying many accounts, pays a proof of work
 *   per guess, while the member (or everyone behind a shared address: an internet cafe, a carrier NAT) only ticks
 *   the robot check once.
 * Failures older than the window are forgotten.
 */
export const THROTTLE_POLICY = {
  accountIp: { slowFrom: 3, lockAt: 10 },
  robotCheckFrom: { account: 10, ip: 10 },
  windowSeconds: 15 * 60,
  lockSeconds: 15 * 60,
  maxDelaySeconds: 60,
  /** Rows untouched for this long are removed. */
  keepSeconds: 24 * 60 * 60,
} as const;

/** Seconds an address's next attempt on an account must wait after `failures` recent failures of that pair. */
export function blockSecondsAfter(failures: number): number {
  const { slowFrom, lockAt } = THROTTLE_POLICY.accountIp;
  if (failures >= lockAt) return THROTTLE_POLICY.lockSeconds;
  if (failures < slowFrom) return 0;
  return Math.min(2 ** (failures - slowFrom), THROTTLE_POLICY.maxDelaySeconds);
}

export interface ThrottleSubjects {
  /** The account tried, lower-cased (also for e-mails with no account, so the answers do not reveal accounts). */
  email: string;
  ip: string;
}

const subjectOf = (scope: ThrottleScope, subjects: ThrottleSubjects) =>
  scope === 'account' ? subjects.email : scope === 'ip' ? subjects.ip : `${subjects.email} ${subjects.ip}`;

/**
 * Serializes attempts on the same account and on the same IP for the rest of the transaction. Account first,
 * then IP, always in that order, so two attempts can never wait on each other in a cycle.
 */
export async function lockSubjects(tx: Transaction, subjects: ThrottleSubjects): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`login:account:${subjects.email}`}, 0))`;
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`login:ip:${subjects.ip}`}, 0))`;
}

/** Seconds until this address may try this account again (0: now). */
export async function secondsBlocked(tx: Transaction, subjects: ThrottleSubjects, now: Date): Promise<number> {
  const row = await tx.loginThrottle.findUnique({
    where: { scope_subject: { scope: 'account_ip', subject: subjectOf('account_ip', subjects) } },
    select: { blockedUntil: true },
  });
  const until = row?.blockedUntil?.getTime() ?? 0;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** True when the account or the address failed often enough lately that an attempt needs a robot check. */
export async function robotCheckRequired(tx: Transaction, subjects: ThrottleSubjects, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowSeconds * 1000);
  const rows = await tx.loginThrottle.findMany({
    where: {
      OR: [
        { scope: 'account', subject: subjects.email, failures: { gte: THROTTLE_POLICY.robotCheckFrom.account } },
        { scope: 'ip', subject: subjects.ip, failures: { gte: THROTTLE_POLICY.robotCheckFrom.ip } },
      ],
      lastFailureAt: { gte: windowStart },
    },
    select: { scope: true },
  });
  return rows.length > 0;
}

/** Counts one failure in `scope`; returns the count within the window. */
async function countFailure(tx: Transaction, scope: ThrottleScope, subject: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE_POLICY.windowSeconds * 1000);
  const [row] = await tx.$queryRaw<{ failures: number }[]>`
    INSERT INTO login_throttles AS t (scope, subject, failures, last_failure_at)
    VALUES (${scope}::login_throttle_scope, ${subject}, 1, ${now})
    ON CONFLICT (scope, subject) DO UPDATE SET
      failures = CASE WHEN t.last_failure_at < ${windowStart} THEN 1 ELSE t.failures + 1 END,
      last_failure_at = ${now}
    RETURNING failures`;
  return row!.failures;
}

/**
 * Counts a failed attempt against the account, the address and the pair (whose count sets its wait), and forgets
 * rows nobody touched for a day.
 */
export async function recordFailure(tx: Transaction, subjects: ThrottleSubjects, now: Date): Promise<void> {
  await countFailure(tx, 'account', subjectOf('account', subjects), now);
  await countFailure(tx, 'ip', subjectOf('ip', subjects), now);
  const pairFailures = await countFailure(tx, 'account_ip', subjectOf('account_ip', subjects), now);
  const wait = blockSecondsAfter(pairFailures);
  await tx.loginThrottle.update({
    where: { scope_subject: { scope: 'account_ip', subject: subjectOf('account_ip', subjects) } },
    data: { blockedUntil: wait > 0 ? new Date(now.getTime() + wait * 1000) : null },
  });
  await tx.loginThrottle.deleteMany({
    where: { lastFailureAt: { lt: new Date(now.getTime() - THROTTLE_POLICY.keepSeconds * 1000) } },
  });
}

/**
 * A successful login clears the account's counts (alone and with every address); the address's own count stays
 * (one good account must not reset a spray over others).
 */
export async function clearAccount(tx: Transaction, email: string): Promise<void> {
  await tx.loginThrottle.deleteMany({
    where: { OR: [{ scope: 'account', subject: email }, { scope: 'account_ip', subject: { startsWith: `${email} ` } }] },
  });
}
