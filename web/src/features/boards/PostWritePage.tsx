import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { communityKo } from '../../i18n/community';
import { FormFooter } from '../../ui/FormFooter';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { StatusMessage } from '../../ui/stats';
import { NotFoundPage } from '../error/ErrorPage';
import { boardApi, boardKeys } from './board-api';
import { boardName, boardUrl, type BoardCategory } from './board-categories';
import { failureReason } from './failure-reason';
import { BOARD_LIMITS } from '@shared/rules/boards';
import { containsReservedWord } from '@shared/rules/nicknames';
import { useBoardRoute } from './use-board-route';
import { useViewer } from './use-viewer';
import './boards.css';

const t = communityKo.write;

/**
 * The first problem of the form, checked as the server checks it (docs/product/boards.md#post-fields-and-limits), or
 * null.
 */
function formProblem(input: { nickname: string; title: string; content: string; password: string }, isMember: boolean, isAdmin: boolean) {
  if (!isAdmin && containsReservedWord(input.nickname)) return communityKo.alerts.forbiddenNickname;
  if (!input.title.trim()) return t.titleRequired;
  if (!input.content.trim()) return t.contentRequired;
  if (isMember) return null;
  if (input.password === '') return t.passwordRequired;
  if ([...input.password].length < BOARD_LIMITS.guestPasswordMin) return t.passwordTooShort(BOARD_LIMITS.guestPasswordMin);
  return null;
}

function PostWriteForm({ board }: { board: BoardCategory }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMember = viewer.memberId !== null;
  const [input, setInput] = useState({
    nickname: viewer.isAdmin ? communityKo.officialName : viewer.nickname,
    title: '',
    content: '',
    password: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useDocumentTitle(t.title(boardName(board)));
  const set = (field: keyof typeof input) => (value: string) => setInput((current) => ({ ...current, [field]: value }));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = formProblem(input, isMember, viewer.isAdmin);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      await boardApi.write(board, {
        nickname: viewer.isAdmin ? '' : input.nickname,
        title: input.title,
        content: input.content,
        password: isMember ? undefined : input.password,
      });
    } catch (error) {
      setSending(false);
      window.alert(communityKo.alerts.writeFailed(failureReason(error)));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: boardKeys.all });
    window.alert(communityKo.alerts.postWritten);
    navigate(boardUrl('/sal-board', board));
  };

  return (
    <section className="board-page">
      <h1>{t.title(boardName(board))}</h1>
      <form className="board-form" onSubmit={handleSubmit} noValidate>
        <label className="board-form__field">
          <span>{t.nickname}</span>
          <input value={input.nickname} disabled={viewer.isAdmin} placeholder={t.nicknamePlaceholder}
            maxLength={BOARD_LIMITS.nicknameMax} onChange={(event) => set('nickname')(event.target.value)} />
          {viewer.isAdmin && <small className="muted">{t.officialHint}</small>}
        </label>
        <label className="board-form__field">
          <span>{t.subject}</span>
          <input value={input.title} required maxLength={BOARD_LIMITS.titleMax} onChange={(event) => set('title')(event.target.value)} />
        </label>
        <label className="board-form__field">
          <span>{t.content}</span>
          <textarea value={input.content} required rows={12} maxLength={BOARD_LIMITS.contentMax}
            onChange={(event) => set('content')(event.target.value)} />
        </label>
        {!isMember && (
          <label className="board-form__field">
            <span>{t.password}</span>
            <input type="password" value={input.password} placeholder={t.passwordPlaceholder} autoComplete="new-password"
              maxLength={BOARD_LIMITS.guestPasswordMax} onChange={(event) => set('password')(event.target.value)} />
          </label>
        )}
        <FormFooter problem={problem} sending={sending} submitText={t.submit} sendingText={t.sending}>
          <button type="button" className="button" onClick={() => navigate(-1)}>{t.cancel}</button>
        </FormFooter>
      </form>
    </section>
  );
}

/**
 * /sal-board/{category}/write: nickname, title, content and a password for non-members
 * (docs/product/boards.md#post-fields-and-limits).
 */
export default function PostWritePage() {
  const { board } = useBoardRoute();
  if (!board) return <NotFoundPage />;
  if (board === 'notice') return <Navigate to="/admin/notice" replace />;
  if (board === 'hot') return <StatusMessage kind="error">{t.notWritable}</StatusMessage>;
  return <PostWriteForm key={board} board={board} />;
}
