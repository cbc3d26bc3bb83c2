import type { Database } from '../../db/client.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/** At most this many password tries per post and IP in one window; the window is also the lockout. */
export const PASSWORD_LOCKOUT = { maxAttempts: 5, windowSeconds: 15 * 60 } as const;

/**
 * Reserves one password try for (post, IP) before the password is checked, in one conditional statement, so
 * parallel guesses cannot slip past the limit. A new window starts once the old one has passed. Over the limit:
 * 429 with the seconds until the window ends.
 */
export async function reservePasswordAttempt(prisma: Database, postId: number, ip: string): Promise<void> {
  const window = `${PASSWORD_LOCKOUT.windowSeconds} seconds`;
  const [row] = await prisma.$queryRaw<{ attempts: number; retry_after: number }[]>`
    INSERT INTO board_password_attempts AS a (post_id, ip, attempts, window_started_at)
    VALUES (${postId}, ${ip}, 1, now())
    ON CONFLICT (post_id, ip) DO UPDATE SET
      attempts = CASE WHEN a.window_started_at <= now() - ${window}::interval THEN 1 ELSE a.attempts + 1 END,
      window_started_at = CASE WHEN a.window_started_at <= now() - ${window}::interval THEN now()
                               ELSE a.window_started_at END
    RETURNING attempts,
      CEIL(EXTRACT(EPOCH FROM (window_started_at + ${window}::interval - now())))::int AS retry_after`;
  if (row && row.attempts > PASSWORD_LOCKOUT.maxAttempts) {
    const seconds = Math.max(1, row.retry_after);
    throw new TooManyRequestsError(serverMessages.boardPasswordLocked(serverMessages.waitTime(seconds)), seconds, 'password_locked');
  }
}

/** A right password clears the tries of that IP on that post. */
export async function clearPasswordAttempts(prisma: Database, postId: number, ip: string): Promise<void> {
  await prisma.boardPasswordAttempt.deleteMany({ where: { postId, ip } });
}
