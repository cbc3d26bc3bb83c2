import type { BoardPostSummary } from './board-api';
import { ko } from '../../i18n/ko';

/** The NEW / UPDATE tag of a notice (docs/product/boards.md#new-and-update-tags), as the server computed it. */
export function NoticeBadge({ badge }: { badge: BoardPostSummary['badge'] }) {
  if (badge === null) return null;
  const label = badge === 'new' ? ko.community.list.newTag : ko.community.list.updateTag;
  return <span className={`post-tag post-tag--${badge}`}>{label}</span>;
}

/** The comment count after a title, when there are comments. */
export function CommentCount({ count }: { count: number }) {
  if (count === 0) return null;
  return <span className="post-comment-count" aria-label={ko.community.list.commentCountLabel(count)}>{ko.community.list.commentCount(count)}</span>;
}

/** A title may arrive as something other than a string; show it as text either way. */
export function titleText(title: unknown): string {
  return typeof title === 'string' ? title : JSON.stringify(title) ?? '';
}
