import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isValidEmail, LOGIN_PASSWORD_MIN_LENGTH } from '@shared/rules/credentials';
import { accountKo } from '../../i18n/account';
import { useSessionStore } from '../../stores/session';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { ApiError } from '../../api/client';
import { accountApi, accountKeys, isNetworkFailure, serverMessageOf } from './account-api';
import { RobotCheck, type RobotCheckHandle } from './components/RobotCheck';
import { safeNextPath } from './safe-next';
import './account.css';

const t = accountKo.login;
const f = accountKo.fields;

/** True when the server answered that this or the next attempt needs a solved robot check. */
const asksRobotCheck = (error: unknown) => error instanceof ApiError && error.body.captchaRequired === true;

/**
 * /login?next=: on success the token is stored, the profile (role) fetched, and the member sent back to `next`.
 * After many failed logins of the account or of this address the server asks for the robot check; the form then
 * shows it, and sends its token with every attempt (each token is good for one).
 */
export default function LoginPage() {
  useDocumentTitle(t.title);
  const ids = { email: useId(), password: useId() };
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [robotCheckShown, setRobotCheckShown] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const robotCheck = useRef<RobotCheckHandle>(null);
  const next = safeNextPath(params.get('next'));

  const login = useMutation({
    mutationFn: async () => {
      const answer = await accountApi.login({ email: email.trim(), password, captchaToken: captchaToken ?? undefined });
      signIn(answer.token);
      // After the token, the role is read from the profile (and the profile is ready for my page).
      await queryClient.fetchQuery({ queryKey: accountKeys.me(), queryFn: ({ signal }) => accountApi.me(signal), staleTime: 0 });
      return answer;
    },
    onSuccess: () => navigate(next, { replace: true }),
    onError: (error) => {
      if (asksRobotCheck(error)) setRobotCheckShown(true);
      // A token is spent by the attempt that carried it.
      setCaptchaToken(null);
      robotCheck.current?.reset();
    },
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) return setFieldError(f.emailInvalid);
    if (password.length < LOGIN_PASSWORD_MIN_LENGTH) return setFieldError(t.passwordShort);
    setFieldError(null);
    login.mutate();
  };

  const serverError = login.isError
    ? isNetworkFailure(login.error) ? t.serverError : serverMessageOf(login.error, t.failed)
    : null;

  return (
    <section className="account-page">
      <h1>{t.title}</h1>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <label htmlFor={ids.email}>{f.email}</label>
        <input id={ids.email} type="email" autoComplete="email" value={email} placeholder={f.emailPlaceholder}
          onChange={(event) => setEmail(event.target.value)} required />
        <label htmlFor={ids.password}>{f.password}</label>
        <input id={ids.password} type="password" autoComplete="current-password" value={password}
          onChange={(event) => setPassword(event.target.value)} required />
        {robotCheckShown && (
          <div data-testid="login-robot-check">
            <p className="muted account-small">{t.robotCheckHint}</p>
            <RobotCheck ref={robotCheck} onChange={setCaptchaToken} />
          </div>
        )}
        <button type="submit" className="button button--primary account-form__submit"
          disabled={login.isPending || (robotCheckShown && !captchaToken)}>
          {login.isPending ? t.submitting : t.submit}
        </button>
        {(fieldError ?? serverError) && (
          <p className="account-form-error" role="alert" data-testid="login-error">{fieldError ?? serverError}</p>
        )}
      </form>
      <p className="account-switch">
        {t.noAccount} <Link to="/signup">{t.goSignup}</Link>
      </p>
    </section>
  );
}
