import type { Database } from '../db/client.js';
import { Prisma } from '../db/generated/client.js';

/** How long a counted view stands before the same reader counts again. */
export const VIEW_PERIOD_HOURS = 24;

/** Where a feature keeps its posts' view counts: the posts table (with a `views` column) and its view records. */
export interface ViewTables {
  /** The posts table, e.g. `board_posts`. */
  posts: string;
  /** Its view records: (post_id, viewer_key, viewed_at) with the primary key (post_id, viewer_key). */
  views: string;
}

/** Who a view is counted for: the member when signed in, else the IP address. */
export function viewerKey(reader: { memberId: string | null; ip: string }): string {
  return reader.memberId ? `user:${reader.memberId}` : `ip:${reader.ip}`;
}

/**
 * Counts a view of a post unless this reader's last counted view of it is under 24 hours old, in one statement
 * (the view record's key serialises parallel first views, so a burst of reloads counts once). `postId` is the
 * post's id as SQL (with its cast). Returns the new total, or null when it did not count (or no such post).
 * Boards and trade posts share this rule: views mean readers, not reloads.
 */
export async function countViewOnce(db: Database, tables: ViewTables, postId: Prisma.Sql, key: string): Promise<number | null> {
  const posts = Prisma.raw(`"${tables.posts}"`);
  const views = Prisma.raw(`"${tables.views}"`);
  const [row] = await db.$queryRaw<{ views: number }[]>`
    WITH counted AS (
      INSERT INTO ${views} (post_id, viewer_key, viewed_at)
      SELECT ${postId}, ${key}, now() WHERE EXISTS (SELECT 1 FROM ${posts} WHERE id = ${postId})
      ON CONFLICT (post_id, viewer_key) DO UPDATE SET viewed_at = EXCLUDED.viewed_at
        WHERE ${views}.viewed_at <= now() - make_interval(hours => ${VIEW_PERIOD_HOURS}::int)
      RETURNING 1
    )
    UPDATE ${posts} SET views = views + 1
    WHERE id = ${postId} AND EXISTS (SELECT 1 FROM counted)
    RETURNING views`;
  return row?.views ?? null;
}
