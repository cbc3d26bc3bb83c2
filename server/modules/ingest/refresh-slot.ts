import type { Db } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';

/**
 * Business limits on refreshes a visitor asks for (a player's clan, a clan's records): the time of the last
 * refresh per subject lives in a table, so the limit holds across every server process.
 */

/** The tables that keep the last refresh time per subject, with their key column. */
export const REFRESH_SLOTS = {
  playerClan: { table: 'player_clan_refreshes', key: 'player_id' },
  clanRecords: { table: 'clan_record_refreshes', key: 'clan_id' },
} as const;
export type RefreshSlot = (typeof REFRESH_SLOTS)[keyof typeof REFRESH_SLOTS];

/** A refresh slot claimed now (`previous`: the refresh before it, to hand the slot back), or the wait until the next. */
export type SlotClaim =
  | { claimed: true; at: Date; previous: Date | null }
  | { claimed: false; waitSeconds: number; nextAt: Date };

/**
 * Claims the subject's refresh slot: taken when there was no refresh or the last one is `intervalSeconds` old,
 * in one conditional statement, so of concurrent requests exactly one gets it.
 */
export async function claimRefreshSlot(db: Db, slot: RefreshSlot, subjectId: number, intervalSeconds: number): Promise<SlotClaim> {
  const table = Prisma.raw(slot.table);
  const key = Prisma.raw(slot.key);
  const [claimed] = await db.$queryRaw<{ at: Date; previous: Date | null }[]>`
    WITH before AS (SELECT refreshed_at FROM ${table} WHERE ${key} = ${subjectId})
    INSERT INTO ${table} (${key}, refreshed_at) VALUES (${subjectId}, now())
    ON CONFLICT (${key}) DO UPDATE SET refreshed_at = excluded.refreshed_at
      WHERE ${table}.refreshed_at <= now() - make_interval(secs => ${intervalSeconds})
    RETURNING refreshed_at AS at, (SELECT refreshed_at FROM before) AS previous`;
  if (claimed) return { claimed: true, at: claimed.at, previous: claimed.previous };
  const [last] = await db.$queryRaw<{ next_at: Date; wait: number }[]>`
    SELECT refreshed_at + make_interval(secs => ${intervalSeconds}) AS next_at,
           ceil(extract(epoch FROM refreshed_at + make_interval(secs => ${intervalSeconds}) - now()))::int AS wait
    FROM ${table} WHERE ${key} = ${subjectId}`;
  return {
    claimed: false,
    waitSeconds: Math.max(1, last?.wait ?? intervalSeconds),
    nextAt: last?.next_at ?? new Date(Date.now() + intervalSeconds * 1000),
  };
}

/** Hands a claimed slot back (the refresh could not start), unless another claim has replaced it since. */
export async function releaseRefreshSlot(db: Db, slot: RefreshSlot, subjectId: number, claim: { at: Date; previous: Date | null }): Promise<void> {
  const table = Prisma.raw(slot.table);
  const key = Prisma.raw(slot.key);
  if (claim.previous === null) {
    await db.$executeRaw`DELETE FROM ${table} WHERE ${key} = ${subjectId} AND refreshed_at = ${claim.at}`;
  } else {
    await db.$executeRaw`UPDATE ${table} SET refreshed_at = ${claim.previous} WHERE ${key} = ${subjectId} AND refreshed_at = ${claim.at}`;
  }
}
