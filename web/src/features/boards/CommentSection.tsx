import { useState } from 'react';
import { communityKo } from '../../i18n/community';
import { TimeAgo } from '../../ui/stats';
import { AuthorName } from './AuthorName';
import { boardApi, type BoardComment, type BoardPostDetail, type BoardReply, type CommentInput } from './board-api';
import { CommentForm } from './CommentForm';
import { failureReason } from './failure-reason';
import { isAuthorOrAdmin, useViewer, type Viewer } from './use-viewer';

const t = communityKo.comments;
const alerts = communityKo.alerts;

interface CommentSectionProps {
  board: string;
  post: BoardPostDetail;
  readOnly: boolean;
  /** Every comment call answers with the whole post; the page shows it. */
  onPostChange(post: BoardPostDetail): void;
}

/**
 * Who may try: the author or an admin, or anyone with the password of a non-member's comment
 * (docs/product/boards.md#who-may-edit-or-delete).
 */
const canModify = (viewer: Viewer, item: BoardReply) => isAuthorOrAdmin(viewer, item.author) || item.hasPassword;
const needsPassword = (viewer: Viewer, item: BoardReply) => !isAuthorOrAdmin(viewer, item.author);

/**
 * Asks for what an edit or delete needs by prompt (docs/product/boards.md#comment-edit-and-delete-by-prompt): the new
 * text (an empty answer cancels the edit) and, for a non-member's comment, its password. Null when the user cancelled.
 */
function askEdit(viewer: Viewer, item: BoardReply): { content: string; password?: string } | null {
  const content = window.prompt(t.editPrompt, item.content);
  if (!content?.trim()) return null;
  if (!needsPassword(viewer, item)) return { content };
  const password = window.prompt(t.passwordPrompt);
  return password ? { content, password } : null;
}

function askDelete(viewer: Viewer, item: BoardReply, confirmText: string): { password?: string } | null {
  if (!needsPassword(viewer, item)) return window.confirm(confirmText) ? {} : null;
  const password = window.prompt(t.passwordPrompt);
  return password ? { password } : null;
}

/** Comments with nested replies, their forms, and edit and delete by prompt. */
export function CommentSection({ board, post, readOnly, onPostChange }: CommentSectionProps) {
  const viewer = useViewer();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const id = post._id;

  const run = async (call: () => Promise<BoardPostDetail>, failed: (reason: string) => string): Promise<boolean> => {
    try {
      onPostChange(await call());
      return true;
    } catch (error) {
      window.alert(failed(failureReason(error)));
      return false;
    }
  };

  const handleComment = (input: CommentInput) => run(() => boardApi.comment(board, id, input), alerts.commentCreateFailed);
  const handleReply = (commentId: string) => async (input: CommentInput) => {
    const saved = await run(() => boardApi.reply(board, id, commentId, input), alerts.replyCreateFailed);
    if (saved) setReplyingTo(null);
    return saved;
  };
  const handleEdit = (comment: BoardComment, reply?: BoardReply) => {
    const answer = askEdit(viewer, reply ?? comment);
    if (!answer) return;
    void (reply
      ? run(() => boardApi.editReply(board, id, comment._id, reply._id, answer), alerts.replyEditFailed)
      : run(() => boardApi.editComment(board, id, comment._id, answer), alerts.commentEditFailed));
  };
  const handleDelete = (comment: BoardComment, reply?: BoardReply) => {
    const answer = askDelete(viewer, reply ?? comment, reply ? t.replyDeleteConfirm : t.deleteConfirm);
    if (!answer) return;
    void (reply
      ? run(() => boardApi.removeReply(board, id, comment._id, reply._id, answer.password), alerts.replyDeleteFailed)
      : run(() => boardApi.removeComment(board, id, comment._id, answer.password), alerts.commentDeleteFailed));
  };

  const actions = (comment: BoardComment, reply?: BoardReply) => {
    const item = reply ?? comment;
    if (readOnly) return null;
    return (
      <span className="comment__actions">
        {!reply && (
          <button type="button" className="link-button" onClick={() => setReplyingTo(replyingTo === comment._id ? null : comment._id)}>
            {replyingTo === comment._id ? t.cancelReply : t.reply}
          </button>
        )}
        {canModify(viewer, item) && (
          <>
            <button type="button" className="link-button" onClick={() => handleEdit(comment, reply)}>{t.edit}</button>
            <button type="button" className="link-button" onClick={() => handleDelete(comment, reply)}>{t.delete}</button>
          </>
        )}
      </span>
    );
  };

  const header = (item: BoardReply) => (
    <div className="comment__header">
      <AuthorName nickname={item.nickname} isOfficial={item.isOfficial} />
      <TimeAgo at={item.createdAt} />
    </div>
  );

  return (
    <section className="comments" aria-label={t.title(post.commentCount)} data-testid="comments">
      <h2>{t.title(post.commentCount)}</h2>
      {post.comments.length === 0 && !readOnly && <p className="muted">{t.empty}</p>}
      <ul className="comment-list">
        {post.comments.map((comment) => (
          <li key={comment._id} className="comment" data-testid="comment">
            {header(comment)}
            <p className="comment__content">{comment.content}</p>
            {actions(comment)}
            {comment.replies.length > 0 && (
              <ul className="reply-list">
                {comment.replies.map((reply) => (
                  <li key={reply._id} className="comment comment--reply" data-testid="reply">
                    {header(reply)}
                    <p className="comment__content">{reply.content}</p>
                    {actions(comment, reply)}
                  </li>
                ))}
              </ul>
            )}
            {replyingTo === comment._id && <CommentForm compact placeholder={t.replyPlaceholder} onSubmit={handleReply(comment._id)} />}
          </li>
        ))}
      </ul>
      {!readOnly && <CommentForm onSubmit={handleComment} />}
    </section>
  );
}
