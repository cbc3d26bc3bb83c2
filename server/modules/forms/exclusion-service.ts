import { createHash } from 'node:crypto';
import {
  EXCLUSION_COOLDOWN_SECONDS, FORM_LIMITS, type ExclusionBody, type ExclusionInboxResponse,
} from '../../contracts/forms.js';
import type { Database } from '../../db/client.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { optionalText, readInboxPage, requiredText } from './form-text.js';

/** A 64-bit advisory lock key for one rule subject ("nickname:x", "ip:y"). */
function lockKey(subject: string): string {
  return createHash('sha256').update(`exclusion:${subject}`).digest().readBigInt64BE(0).toString();
}

export interface ExclusionServiceDeps {
  prisma: Database;
}

/**
 * Exclusion requests (/sal-board/exclude): once per 3 hours per nickname (any case) or per IP
 * (docs/product/forms.md#once-per-three-hours). The check and the insert run in one transaction holding advisory locks
 * on the nickname and the IP, so parallel requests of the same person are served one after the other and only the first
 * gets through.
 */
export function exclusionService({ prisma }: ExclusionServiceDeps) {
  async function submit(body: ExclusionBody, ip: string): Promise<void> {
    const fields = {
      nickname: requiredText(body.nickname, FORM_LIMITS.excludeNicknameMax, {
        missing: serverMessages.excludeNicknameRequired,
        tooLong: serverMessages.excludeTooLong('닉네임', FORM_LIMITS.excludeNicknameMax),
      }),
      clanName: requiredText(body.clanName, FORM_LIMITS.clanNameMax, {
        missing: serverMessages.excludeClanNameRequired,
        tooLong: serverMessages.excludeTooLong('클랜명', FORM_LIMITS.clanNameMax),
      }),
      reason: requiredText(body.reason, FORM_LIMITS.reasonMax, {
        missing: serverMessages.excludeReasonRequired,
        tooLong: serverMessages.excludeTooLong('사유', FORM_LIMITS.reasonMax),
      }),
      proof: optionalText(body.proof),
    };
    // Sorted, so two requests sharing one subject always lock in the same order (no deadlock).
    const keys = [lockKey(`nickname:${fields.nickname.toLowerCase()}`), lockKey(`ip:${ip}`)].sort();
    const cooldown = EXCLUSION_COOLDOWN_SECONDS;

    await prisma.$transaction(async (tx) => {
      for (const key of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${key}::bigint)`;
      const [recent] = await tx.$queryRaw<{ wait: number | null }[]>`
        SELECT CEIL(EXTRACT(EPOCH FROM (max(created_at) + make_interval(secs => ${cooldown}::int) - now())))::int AS wait
        FROM exclusion_requests
        WHERE (nickname = ${fields.nickname}::citext OR ip = ${ip})
          AND created_at > now() - make_interval(secs => ${cooldown}::int)`;
      if (recent?.wait != null) {
        const seconds = Math.max(1, recent.wait);
        throw new TooManyRequestsError(serverMessages.excludeTooSoon(serverMessages.waitTime(seconds)), seconds, 'exclusion_too_soon');
      }
      await tx.$executeRaw`
        INSERT INTO exclusion_requests (nickname, clan_name, reason, proof, ip, created_at)
        VALUES (${fields.nickname}::citext, ${fields.clanName}, ${fields.reason}, ${fields.proof}, ${ip}, now())`;
    });
  }

  /** Newest first, keyset-paged by id. The sender's IP stays on the server. */
  async function inbox(cursor: string | undefined, limit: number): Promise<ExclusionInboxResponse> {
    return readInboxPage((query) => prisma.exclusionRequest.findMany(query), cursor, limit, (row) => ({
      _id: String(row.id),
      nickname: row.nickname,
      clanName: row.clanName,
      reason: row.reason,
      proof: row.proof,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return { submit, inbox };
}

export type ExclusionService = ReturnType<typeof exclusionService>;
