import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { MeUser } from '@shared/contracts/auth';
import { accountKo } from '../../../i18n/account';
import { useSessionStore } from '../../../stores/session';
import { accountApi, accountKeys } from '../account-api';
import { formatDateTime } from '../../../lib/korean-date';
import { alertFailure } from './alert-failure';

const t = accountKo.myPage;

/** Nickname view mode, and edit mode with save or cancel (once per 30 days, enforced by the server). */
export function NicknameSection({ user }: { user: MeUser }) {
  const inputId = useId();
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(user.nickname);
  const change = useMutation({
    mutationFn: () => accountApi.changeNickname(draft.trim()),
    onSuccess: (answer) => {
      // The new token carries the new nickname for the top bar.
      signIn(answer.token);
      setEditing(false);
      window.alert(answer.message);
      void queryClient.invalidateQueries({ queryKey: accountKeys.me() });
    },
    onError: alertFailure,
  });
  const nextChange = user.nextNicknameChangeAt ? formatDateTime(user.nextNicknameChangeAt) : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  const startEditing = () => {
    setDraft(user.nickname);
    setEditing(true);
  };

  return (
    <section className="mypage-card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{t.nicknameTitle}</h2>
      {editing ? (
        <form className="account-inline" onSubmit={handleSubmit}>
          <label htmlFor={inputId} className="visually-hidden">{t.newNickname}</label>
          <input id={inputId} value={draft} maxLength={16} onChange={(event) => setDraft(event.target.value)} autoFocus />
          <button type="submit" className="button button--primary" disabled={change.isPending || !draft.trim()}>{t.nicknameSave}</button>
          <button type="button" className="button" onClick={() => setEditing(false)}>{t.nicknameCancel}</button>
        </form>
      ) : (
        <div className="account-inline">
          <strong className="mypage-nickname" data-testid="mypage-nickname">{user.nickname}</strong>
          <button type="button" className="button" onClick={startEditing}>{t.nicknameEdit}</button>
        </div>
      )}
      <p className="muted account-small">{nextChange ? t.nicknameNext(nextChange) : t.nicknameRule}</p>
    </section>
  );
}
