import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { accountKo } from '../../i18n/account';
import { useSessionStore } from '../../stores/session';
import { resolveTheme, useThemeStore } from '../../stores/theme';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { accountApi, accountKeys } from './account-api';
import { alertFailure } from './components/alert-failure';
import { NicknameSection } from './components/NicknameSection';
import { PasswordSection } from './components/PasswordSection';
import { SessionsSection } from './components/SessionsSection';
import { TradeCreditCard } from './components/TradeCreditCard';
import { AlertSettingsCard } from '../trade/alerts/AlertSettingsCard';
import { formatDate, formatDateTime } from '../../lib/korean-date';
import './account.css';

const t = accountKo.myPage;

/** The local-only dark-mode switch: the choice is kept in this browser (the `theme` key), not on the server. */
function DarkModeToggle() {
  const choice = useThemeStore((state) => state.choice);
  const setChoice = useThemeStore((state) => state.setChoice);
  const dark = resolveTheme(choice) === 'dark';
  return (
    <section className="mypage-card">
      <h2>{t.themeTitle}</h2>
      <label className="account-switch-row">
        <input type="checkbox" role="switch" checked={dark} onChange={(event) => setChoice(event.target.checked ? 'dark' : 'light')} />
        <span>{t.darkMode}</span>
      </label>
      <p className="muted account-small">{t.themeHint}</p>
    </section>
  );
}

/**
 * /mypage: profile, verification badge (and resend), trade credit, nickname and password change, dark mode, deletion.
 * Without a token, or when the profile call fails, the member is sent to /login (docs/product/accounts.md#profile).
 */
export default function MyPage() {
  useDocumentTitle(t.title);
  const token = useSessionStore((state) => state.token);
  const signOut = useSessionStore((state) => state.signOut);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Set once the account is gone, so that signing out here does not also send the member to /login.
  const [leaving, setLeaving] = useState(false);
  const me = useQuery({ queryKey: accountKeys.me(), queryFn: ({ signal }) => accountApi.me(signal), enabled: token !== null, retry: false });

  const resend = useMutation({ mutationFn: accountApi.resendVerification, onSuccess: (answer) => window.alert(answer.message), onError: alertFailure });
  const remove = useMutation({
    mutationFn: accountApi.deleteAccount,
    onSuccess: async (answer) => {
      window.alert(answer.message);
      setLeaving(true);
      signOut();
      queryClient.removeQueries({ queryKey: accountKeys.all });
      await navigate('/', { replace: true });
    },
    onError: alertFailure,
  });

  useEffect(() => {
    if (!me.isError || leaving) return;
    signOut();
    queryClient.removeQueries({ queryKey: accountKeys.all });
    navigate('/login?next=/mypage', { replace: true });
  }, [me.isError, leaving, signOut, navigate, queryClient]);

  if (leaving) return null;
  if (token === null) return <Navigate to="/login?next=/mypage" replace />;
  if (!me.data) return <p className="muted" role="status">{t.loading}</p>;
  const { user } = me.data;

  const handleDelete = () => {
    if (window.confirm(t.deleteConfirm)) remove.mutate();
  };

  return (
    <section className="account-page account-page--wide" data-testid="mypage">
      <h1>{t.title}</h1>
      <header className="mypage-profile">
        <span className="avatar avatar--large" aria-hidden="true">{user.nickname.slice(0, 1).toUpperCase()}</span>
        <div>
          <p className="mypage-profile__name">
            {user.nickname}
            {user.role === 'admin' && <span className="account-badge">{t.roleAdmin}</span>}
          </p>
          {user.isEmailVerified ? (
            <span className="account-badge account-badge--ok" data-testid="verified-badge">{t.verified}</span>
          ) : (
            <span className="account-badge account-badge--warn" data-testid="verified-badge">{t.unverified}</span>
          )}
          {!user.isEmailVerified && (
            <button type="button" className="button button--ghost account-small" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? t.resending : t.resend}
            </button>
          )}
        </div>
      </header>
      <dl className="mypage-facts mypage-card">
        <dt>{t.email}</dt>
        <dd>{user.email}</dd>
        <dt>{t.joinedAt}</dt>
        <dd>{formatDate(user.createdAt)}</dd>
        <dt>{t.lastLogin}</dt>
        <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t.never}</dd>
      </dl>
      <TradeCreditCard />
      <AlertSettingsCard className="mypage-card" />
      <NicknameSection user={user} />
      <PasswordSection email={user.email} />
      <SessionsSection />
      <DarkModeToggle />
      <section className="mypage-card mypage-card--danger">
        <h2>{t.deleteTitle}</h2>
        <p className="muted account-small">{t.deleteHint}</p>
        <button type="button" className="button account-danger-button" onClick={handleDelete} disabled={remove.isPending}>{t.deleteButton}</button>
      </section>
    </section>
  );
}
