import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { communityKo } from '../../i18n/community';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { StatusMessage } from '../../ui/stats';
import { NotFoundPage } from '../error/ErrorPage';
import { boardApi, boardKeys, type BoardPostDetail } from './board-api';
import { postUrl, type BoardCategory } from './board-categories';
import { failureReason } from './failure-reason';
import { BOARD_LIMITS } from '@shared/rules/boards';
import { useBoardRoute } from './use-board-route';
import { isAuthorOrAdmin, useViewer } from './use-viewer';
import './boards.css';

const t = communityKo.write;

/** Title and content; a non-member's post also asks for its password (the server checks it). */
function PostEditForm({ board, post }: { board: BoardCategory; post: BoardPostDetail }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const needsPassword = post.hasPassword && !isAuthorOrAdmin(viewer, post.author);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      const saved = await boardApi.edit(board, post._id, { title, content, password: needsPassword ? password : undefined });
      queryClient.setQueryData(boardKeys.post(board, post._id), saved);
    } catch (error) {
      setSending(false);
      window.alert(communityKo.alerts.editFailed(failureReason(error)));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: [...boardKeys.all, 'list'] });
    navigate(postUrl('/sal-board', board, post._id));
  };

  return (
    <form className="board-form" onSubmit={handleSubmit}>
      <label className="board-form__field">
        <span>{t.subject}</span>
        <input value={title} required maxLength={BOARD_LIMITS.titleMax} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label className="board-form__field">
        <span>{t.content}</span>
        <textarea value={content} required rows={12} maxLength={BOARD_LIMITS.contentMax} onChange={(event) => setContent(event.target.value)} />
      </label>
      {needsPassword && (
        <label className="board-form__field">
          <span>{t.editPassword}</span>
          <input type="password" value={password} required autoComplete="current-password" onChange={(event) => setPassword(event.target.value)} />
        </label>
      )}
      <div className="board-form__actions">
        <button type="button" className="button" onClick={() => navigate(-1)}>{t.cancel}</button>
        <button type="submit" className="button button--primary" disabled={sending}>{sending ? t.sending : t.save}</button>
      </div>
    </form>
  );
}

/** /sal-board/{category}/{id}/edit: success goes back to the post (docs/product/boards.md#who-may-edit-or-delete). */
export default function PostEditPage() {
  const { board, id } = useBoardRoute();
  useDocumentTitle(t.editTitle);
  const post = useQuery({
    queryKey: boardKeys.post(board ?? '', id ?? ''),
    queryFn: ({ signal }) => boardApi.read(board!, id!, signal),
    enabled: board !== null && id !== undefined,
    retry: false,
  });
  if (!board || !id) return <NotFoundPage />;
  if (post.isPending) return <StatusMessage kind="loading">{communityKo.post.loading}</StatusMessage>;
  if (post.isError) return <StatusMessage kind="error">{communityKo.post.notFound}</StatusMessage>;
  return (
    <section className="board-page">
      <h1>{t.editTitle}</h1>
      <PostEditForm board={post.data.category as BoardCategory} post={post.data} />
    </section>
  );
}
