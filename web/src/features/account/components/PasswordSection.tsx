import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { failedPasswordRules } from '@shared/rules/credentials';
import { accountKo } from '../../../i18n/account';
import { useSessionStore } from '../../../stores/session';
import { accountApi } from '../account-api';
import { alertFailure } from './alert-failure';
import { PasswordChecklist } from './PasswordChecklist';

const t = accountKo.myPage;

/**
 * Password change: the current password, and a new one meeting the sign-up rules (live checklist). Every other
 * session ends with it; this one keeps going on the new token the answer brings.
 */
export function PasswordSection({ email }: { email: string }) {
  const ids = { title: useId(), old: useId(), next: useId(), rules: useId(), hint: useId() };
  const signIn = useSessionStore((state) => state.signIn);
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation({
    mutationFn: () => accountApi.changePassword({ oldPassword, newPassword }),
    onSuccess: (answer) => {
      signIn(answer.token);
      setOldPassword('');
      setNewPassword('');
      window.alert(answer.message);
    },
    onError: alertFailure,
  });
  const ready = oldPassword.length > 0 && failedPasswordRules(newPassword, email).length === 0;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };

  return (
    <section className="mypage-card" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{t.passwordTitle}</h2>
      <p className="muted account-small" id={ids.hint}>{t.passwordHint}</p>
      <form className="account-form" onSubmit={handleSubmit} aria-describedby={ids.hint}>
        <label htmlFor={ids.old}>{t.currentPassword}</label>
        <input id={ids.old} type="password" autoComplete="current-password" value={oldPassword}
          onChange={(event) => setOldPassword(event.target.value)} />
        <label htmlFor={ids.next}>{t.newPassword}</label>
        <input id={ids.next} type="password" autoComplete="new-password" value={newPassword} maxLength={40}
          onChange={(event) => setNewPassword(event.target.value)} aria-describedby={ids.rules} />
        <PasswordChecklist id={ids.rules} password={newPassword} email={email} />
        <button type="submit" className="button button--primary account-form__submit" disabled={!ready || change.isPending}>
          {t.passwordSubmit}
        </button>
      </form>
    </section>
  );
}
