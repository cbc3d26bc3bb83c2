import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { communityKo } from '../../i18n/community';
import { noticeApi } from '../notices/notice-api';
import { boardApi, type BoardPostDetail } from './board-api';
import { boardUrl, postUrl } from './board-categories';
import { failureReason } from './failure-reason';
import { hasLiked, markLiked } from './liked-posts';
import { isAuthorOrAdmin, useViewer } from './use-viewer';

const t = communityKo.post;
const alerts = communityKo.alerts;

interface PostActionsProps {
  board: string;
  post: BoardPostDetail;
  onLikes(likes: number): void;
}

/**
 * The like button: one like per browser (a stored marker), and the server's once per member or IP
 * (docs/product/boards.md#likes).
 */
export function LikeButton({ board, post, onLikes }: PostActionsProps) {
  const [busy, setBusy] = useState(false);
  const handleLike = async () => {
    if (hasLiked(board, post._id)) {
      window.alert(t.alreadyLiked);
      return;
    }
    setBusy(true);
    try {
      const { likes } = await boardApi.like(board, post._id);
      markLiked(board, post._id);
      onLikes(likes);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'already_liked') {
        markLiked(board, post._id);
        window.alert(t.alreadyLiked);
      } else {
        window.alert(alerts.likeFailed(failureReason(error)));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="like-button" onClick={handleLike} disabled={busy} data-testid="like-button">
      <span aria-hidden="true">👍</span> {t.likeCount(post.likes)}
    </button>
  );
}

/**
 * Edit and delete for an admin or the author; for a non-member's post, a password field with a delete button and an
 * edit link (the edit page asks for the password; docs/product/boards.md#post-detail).
 */
export function PostControls({ board, post }: Omit<PostActionsProps, 'onLikes'>) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const isNotice = post.category === 'notice';
  const owner = isAuthorOrAdmin(viewer, post.author);
  const editTo = isNotice ? `/sal-board/notice/${post._id}/edit` : `${postUrl('/sal-board', board, post._id)}/edit`;

  const handleDelete = async (withPassword?: string) => {
    if (!window.confirm(t.deleteConfirm)) return;
    try {
      if (isNotice) await noticeApi.remove(post._id);
      else await boardApi.remove(board, post._id, withPassword);
      window.alert(alerts.deleted);
      navigate(boardUrl('/sal-board', board));
    } catch (error) {
      const networkFailure = error instanceof ApiError && error.status === 0;
      window.alert(isNotice && networkFailure ? alerts.noticeDeleteError : alerts.deleteFailed(failureReason(error)));
    }
  };

  if (owner) {
    return (
      <div className="post-controls">
        <Link className="button" to={editTo}>{t.edit}</Link>
        <button type="button" className="button" onClick={() => handleDelete()}>{t.delete}</button>
      </div>
    );
  }
  if (!post.hasPassword) return null;
  return (
    <form className="post-controls post-controls--guest" onSubmit={(event) => { event.preventDefault(); void handleDelete(password); }}>
      <input type="password" aria-label={t.guestPassword} placeholder={t.guestPasswordPlaceholder} value={password}
        autoComplete="current-password" onChange={(event) => setPassword(event.target.value)} />
      <button type="submit" className="button" disabled={password === ''}>{t.guestDelete}</button>
      <Link className="button button--ghost" to={editTo}>{t.edit}</Link>
    </form>
  );
}
