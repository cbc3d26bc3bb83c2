import { useState, type FormEvent } from 'react';
import { communityKo } from '../../i18n/community';
import type { CommentInput } from './board-api';
import { BOARD_LIMITS } from '@shared/rules/boards';
import { containsReservedWord } from '@shared/rules/nicknames';
import { useViewer } from './use-viewer';

const t = communityKo.comments;

interface CommentFormProps {
  /** Sends the comment; resolves true when it was saved (the form then clears its text). */
  onSubmit(input: CommentInput): Promise<boolean>;
  placeholder?: string;
  compact?: boolean;
}

/**
 * A comment or reply form: nickname (blank means anonymous; an admin's is the fixed official name), text, and a
 * password for non-members, which they may skip (docs/product/boards.md#non-member-passwords).
 */
export function CommentForm({ onSubmit, placeholder = t.contentPlaceholder, compact = false }: CommentFormProps) {
  const viewer = useViewer();
  const signedIn = viewer.memberId !== null;
  const [nickname, setNickname] = useState(viewer.isAdmin ? communityKo.officialName : viewer.nickname);
  const [content, setContent] = useState('');
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    if (!viewer.isAdmin && containsReservedWord(nickname)) {
      window.alert(communityKo.alerts.forbiddenNickname);
      return;
    }
    setSending(true);
    const saved = await onSubmit({
      content,
      nickname: viewer.isAdmin ? undefined : nickname,
      password: signedIn || password === '' ? undefined : password,
    });
    setSending(false);
    if (saved) setContent('');
  };

  return (
    <form className={compact ? 'comment-form comment-form--compact' : 'comment-form'} onSubmit={handleSubmit}>
      <div className="comment-form__identity">
        <input aria-label={t.nickname} placeholder={t.nicknamePlaceholder} value={nickname} disabled={viewer.isAdmin}
          maxLength={BOARD_LIMITS.nicknameMax} onChange={(event) => setNickname(event.target.value)} />
        {!signedIn && (
          <input type="password" aria-label={t.password} placeholder={t.passwordPlaceholder} value={password}
            maxLength={BOARD_LIMITS.guestPasswordMax} autoComplete="new-password"
            onChange={(event) => setPassword(event.target.value)} />
        )}
      </div>
      <textarea aria-label={t.content} placeholder={placeholder} value={content} required rows={compact ? 2 : 3}
        maxLength={BOARD_LIMITS.commentMax} onChange={(event) => setContent(event.target.value)} />
      <button type="submit" className="button button--primary" disabled={sending || !content.trim()}>
        {sending ? t.sending : t.submit}
      </button>
    </form>
  );
}
