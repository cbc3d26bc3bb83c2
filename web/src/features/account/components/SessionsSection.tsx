import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { accountKo } from '../../../i18n/account';
import { useSessionStore } from '../../../stores/session';
import { accountApi } from '../account-api';
import { alertFailure } from './alert-failure';

const t = accountKo.myPage;

/**
 * "Log out everywhere": every other browser and device signed in as this member is logged out (their tokens are
 * refused and their live connections close); this one carries on with the new token the answer brings.
 */
export function SessionsSection() {
  const titleId = useId();
  const signIn = useSessionStore((state) => state.signIn);
  const end = useMutation({
    mutationFn: accountApi.logoutEverywhere,
    onSuccess: (answer) => {
      signIn(answer.token);
      window.alert(answer.message);
    },
    onError: alertFailure,
  });

  const handleClick = () => {
    if (window.confirm(t.sessionsConfirm)) end.mutate();
  };

  return (
    <section className="mypage-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t.sessionsTitle}</h2>
      <p className="muted account-small">{t.sessionsHint}</p>
      <button type="button" className="button" onClick={handleClick} disabled={end.isPending}>{t.sessionsButton}</button>
    </section>
  );
}
