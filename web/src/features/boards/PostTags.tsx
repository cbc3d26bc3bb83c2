import type { BoardPostSummary } from './board-api';
import { communityKo } from '../../i18n/community';

/** The NEW / UPDATE tag of a notice (docs/product/boards.md#new-and-update-tags), as the server computed it. */
export function NoticeBadge({ badge }: { badge: BoardPostSummary['badge'] }) {
  if (badge === null) return null;
  const label = badge === 'new' ? communityKo.list.newTag : communityKo.list.updateTag;
  return <span className={`post-tag post-tag--${badge}`}>{label}</span>;
}

/** The comment count after a title, when there are comments. */
export function CommentCount({ count }: { count: number }) {
  if (count === 0) return null;
  return <span className="post-comment-count" aria-label={communityKo.list.commentCountLabel(count)}>{communityKo.list.commentCount(count)}</span>;
}

/** A title may arrive as something other than a string; show it as text either way. */
export function titleText(title: unknown): string {
  return typeof title === 'string' ? title : JSON.stringify(title) ?? '';
}
