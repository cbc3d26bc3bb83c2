import type { MarkInput, MarkKind } from '../../contracts/favourites.js';
import type { Database, Db, Transaction } from '../../db/client.js';

export type MarkList = 'favourite' | 'recent';

export interface StoredMark {
  list: MarkList;
  kind: MarkKind;
  target: string;
  league: string;
  marked_at: Date;
  /** Null when the clan or player is gone (such marks are not shown). */
  name: string | null;
  mark_slug: string | null;
  mark_bg: string | null;
  mark_front: string | null;
}

/** Both lists of a member, newest first, each mark with what it names today (a player's mark is their clan's). */
export function readMarks(db: Db, userId: string): Promise<StoredMark[]> {
  return db.$queryRaw<StoredMark[]>`
    SELECT m.list::text AS list, m.kind::text AS kind, m.target, m.league, m.marked_at,
      coalesce(c.name, p.nickname) AS name, coalesce(c.slug, pc.slug) AS mark_slug,
      coalesce(c.mark_bg, pc.mark_bg) AS mark_bg, coalesce(c.mark_front, pc.mark_front) AS mark_front
    FROM reader_marks m
    LEFT JOIN clans c ON m.kind = 'clan' AND c.slug = m.target
    LEFT JOIN players p ON m.kind = 'player' AND p.enlistment_no = m.target
    LEFT JOIN clans pc ON m.kind = 'player' AND pc.id = p.clan_id
    WHERE m.user_id = ${userId}::uuid
    ORDER BY m.list, m.marked_at DESC`;
}

/** The targets of `marks` that exist (clans by slug, players by enlistment number). */
export async function existingTargets(db: Db, marks: Pick<MarkInput, 'kind' | 'target'>[]): Promise<Set<string>> {
  const clans = marks.filter((mark) => mark.kind === 'clan').map((mark) => mark.target);
  const players = marks.filter((mark) => mark.kind === 'player').map((mark) => mark.target);
  const found = await db.$queryRaw<{ key: string }[]>`
    SELECT 'clan:' || slug AS key FROM clans WHERE slug = ANY(${clans}::text[])
    UNION ALL SELECT 'player:' || enlistment_no FROM players WHERE enlistment_no = ANY(${players}::text[])`;
  return new Set(found.map((row) => row.key));
}

/** Serializes changes of one member's lists for the rest of the transaction (limits hold under racing requests). */
export async function lockMemberMarks(tx: Transaction, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtextextended(${`reader-marks:${userId}`}, 0))`;
}

export async function countMarks(db: Db, userId: string, list: MarkList): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM reader_marks WHERE user_id = ${userId}::uuid AND list = ${list}::reader_mark_list`;
  return row!.n;
}

/** Adds a mark, or moves an existing one to the top with the league now seen. */
export async function putMark(db: Db, userId: string, list: MarkList, mark: MarkInput, at: Date): Promise<void> {
  await db.$executeRaw`
    INSERT INTO reader_marks (user_id, list, kind, target, league, marked_at)
    VALUES (${userId}::uuid, ${list}::reader_mark_list, ${mark.kind}::reader_mark_kind, ${mark.target}, ${mark.league}, ${at})
    ON CONFLICT (user_id, list, kind, target) DO UPDATE SET league = excluded.league, marked_at = excluded.marked_at`;
}

/** Keeps the newest `keep` marks of a list. */
export async function trimMarks(db: Db, userId: string, list: MarkList, keep: number): Promise<void> {
  await db.$executeRaw`
    DELETE FROM reader_marks WHERE user_id = ${userId}::uuid AND list = ${list}::reader_mark_list
      AND (kind, target) NOT IN (
        SELECT kind, target FROM reader_marks WHERE user_id = ${userId}::uuid AND list = ${list}::reader_mark_list
        ORDER BY marked_at DESC LIMIT ${keep})`;
}

export async function deleteMark(db: Db, userId: string, list: MarkList, kind: MarkKind, target: string): Promise<void> {
  await db.$executeRaw`
    DELETE FROM reader_marks WHERE user_id = ${userId}::uuid AND list = ${list}::reader_mark_list
      AND kind = ${kind}::reader_mark_kind AND target = ${target}`;
}
