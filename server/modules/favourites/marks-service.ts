import { READER_MARK_LIMITS, type MarkInput, type MarkItem, type MarkKind, type MergeMarksBody, type ReaderMarksResponse } from '../../contracts/favourites.js';
import type { Database } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { clanMarkUrls } from '../stats-core/clan-presenter.js';
import {
  countMarks, deleteMark, existingTargets, lockMemberMarks, putMark, readMarks, trimMarks, type MarkList, type StoredMark,
} from './mark-store.js';

export interface MarksDeps {
  prisma: Database;
  now?: () => Date;
}

/** The page a mark opens: the league the reader saw (the league context rule: the same figures again). */
function hrefOf(mark: Pick<StoredMark, 'kind' | 'target' | 'league'>): string {
  const league = encodeURIComponent(mark.league);
  const target = encodeURIComponent(mark.target);
  return mark.kind === 'clan' ? `/league/${league}/clan/${target}` : `/league/${league}/player/${target}`;
}

function present(mark: StoredMark & { name: string }): MarkItem {
  const images = mark.mark_slug
    ? clanMarkUrls({ slug: mark.mark_slug, markBg: mark.mark_bg, markFront: mark.mark_front })
    : { mark_bg: null, mark_front: null };
  return {
    kind: mark.kind, target: mark.target, league: mark.league, markedAt: mark.marked_at.toISOString(),
    name: mark.name, ...images, href: hrefOf(mark),
  };
}

const LIST_LIMIT: Record<MarkList, number> = { favourite: READER_MARK_LIMITS.favourites, recent: READER_MARK_LIMITS.recent };

/**
 * A member's favourites and recently viewed clans and players. Favourites stop at their limit (409); recent views
 * keep the newest. Marks of clans or players that are gone are left out of the answers.
 */
export function marksService({ prisma, now = () => new Date() }: MarksDeps) {
  async function lists(userId: string): Promise<ReaderMarksResponse> {
    const marks = (await readMarks(prisma, userId)).filter((mark): mark is StoredMark & { name: string } => mark.name !== null);
    return {
      favourites: marks.filter((mark) => mark.list === 'favourite').map(present),
      recent: marks.filter((mark) => mark.list === 'recent').map(present),
    };
  }

  async function requireTarget(mark: Pick<MarkInput, 'kind' | 'target'>): Promise<void> {
    if (!(await existingTargets(prisma, [mark])).has(`${mark.kind}:${mark.target}`)) {
      throw new NotFoundError(mark.kind === 'clan' ? serverMessages.clanInfoNotFound : serverMessages.userInfoNotFound);
    }
  }

  /** Stars a clan or player (again: moves it to the top with the league now seen). */
  async function addFavourite(userId: string, mark: MarkInput): Promise<ReaderMarksResponse> {
    await requireTarget(mark);
    await prisma.$transaction(async (tx) => {
      await lockMemberMarks(tx, userId);
      const alreadyThere = (await tx.readerMark.count({ where: { userId, list: 'favourite', kind: mark.kind, target: mark.target } })) > 0;
      if (!alreadyThere && (await countMarks(tx, userId, 'favourite')) >= READER_MARK_LIMITS.favourites) {
        throw new ConflictError(serverMessages.favouritesFull(READER_MARK_LIMITS.favourites), 'favourites_full');
      }
      await putMark(tx, userId, 'favourite', mark, now());
    });
    return lists(userId);
  }

  /** Records that the member opened a clan's or player's page; the list keeps the newest. */
  async function recordView(userId: string, mark: MarkInput): Promise<ReaderMarksResponse> {
    await requireTarget(mark);
    await prisma.$transaction(async (tx) => {
      await lockMemberMarks(tx, userId);
      await putMark(tx, userId, 'recent', mark, now());
      await trimMarks(tx, userId, 'recent', READER_MARK_LIMITS.recent);
    });
    return lists(userId);
  }

  async function remove(userId: string, list: MarkList, kind: MarkKind, target: string): Promise<ReaderMarksResponse> {
    await deleteMark(prisma, userId, list, kind, target);
    return lists(userId);
  }

  /**
   * Adds what a visitor kept in the browser to the account at login. Browser lists come newest first and carry no
   * times: they count as made now, in their order, so the member finds the ones just used at the top. Unknown
   * targets are dropped; favourites stop at the limit (the account's own stay), recent views keep the newest.
   */
  async function merge(userId: string, body: MergeMarksBody): Promise<ReaderMarksResponse> {
    const existing = await existingTargets(prisma, [...body.favourites, ...body.recent]);
    const known = (marks: MarkInput[]) => marks.filter((mark) => existing.has(`${mark.kind}:${mark.target}`));
    const at = now().getTime();
    await prisma.$transaction(async (tx) => {
      await lockMemberMarks(tx, userId);
      for (const [list, marks] of [['favourite', known(body.favourites)], ['recent', known(body.recent)]] as const) {
        // Oldest first, each a millisecond newer than the last, so the browser's order is kept.
        const ordered = [...marks].reverse();
        for (const [index, mark] of ordered.entries()) {
          if (list === 'favourite') {
            const there = (await tx.readerMark.count({ where: { userId, list, kind: mark.kind, target: mark.target } })) > 0;
            if (!there && (await countMarks(tx, userId, list)) >= LIST_LIMIT[list]) continue;
          }
          await putMark(tx, userId, list, mark, new Date(at - ordered.length + index + 1));
        }
        if (list === 'recent') await trimMarks(tx, userId, list, LIST_LIMIT.recent);
      }
    });
    return lists(userId);
  }

  return { lists, addFavourite, recordView, remove, merge };
}
