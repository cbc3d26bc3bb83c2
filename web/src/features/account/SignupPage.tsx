import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { failedPasswordRules, isValidEmail } from '@shared/rules/credentials';
import { accountKo } from '../../i18n/account';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { accountApi, isNetworkFailure, serverMessageOf, type SignupInput } from './account-api';
import { PasswordChecklist } from './components/PasswordChecklist';
import { RobotCheck, type RobotCheckHandle } from './components/RobotCheck';
import './account.css';

const t = accountKo.signup;
const f = accountKo.fields;

const EMPTY = { email: '', nickname: '', password: '' };

/**
 * What keeps a filled form from being sent, as its alert names it (null: ready; docs/product/accounts.md#sign-up-form).
 */
function formProblem(form: typeof EMPTY, consents: boolean, captchaToken: string | null): string | null {
  if (!isValidEmail(form.email.trim())) return f.emailInvalid;
  if (!form.nickname.trim()) return t.nicknameMissing;
  if (failedPasswordRules(form.password, form.email).length > 0) return t.passwordInvalid;
  if (!consents) return t.consentMissing;
  if (!captchaToken) return t.captchaMissing;
  return null;
}

/**
 * /signup: e-mail, nickname, password with its live checklist, both consents, the robot check
 * (docs/product/accounts.md#sign-up).
 */
export default function SignupPage() {
  useDocumentTitle(t.title);
  const ids = { email: useId(), nickname: useId(), password: useId(), rules: useId() };
  const [form, setForm] = useState(EMPTY);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [agreePrivacy, setAgreePrivacy] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [emailTouched, setEmailTouched] = useState(false);
  const robotCheck = useRef<RobotCheckHandle>(null);

  const signup = useMutation({
    mutationFn: (input: SignupInput) => accountApi.signup(input),
    onSuccess: (answer) => {
      window.alert(answer.message);
      setForm(EMPTY);
      setAgreeTerms(false);
      setAgreePrivacy(false);
      setEmailTouched(false);
    },
    onError: (error) => {
      if (isNetworkFailure(error)) window.alert(t.serverError);
      else window.alert(serverMessageOf(error, '') ? t.failed(serverMessageOf(error, '')) : t.failedNoDetail);
    },
    // A solved check is spent by a sign-up (or may be); the next try solves a fresh one.
    onSettled: () => {
      robotCheck.current?.reset();
      setCaptchaToken(null);
    },
  });

  const consents = agreeTerms && agreePrivacy;
  const emailInvalid = emailTouched && form.email.trim() !== '' && !isValidEmail(form.email.trim());
  const update = (field: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = formProblem(form, consents, captchaToken);
    if (problem) {
      window.alert(problem);
      return;
    }
    signup.mutate({ email: form.email.trim(), nickname: form.nickname.trim(), password: form.password, captchaToken: captchaToken! });
  };

  return (
    <section className="account-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <form className="account-form" onSubmit={handleSubmit} noValidate>
        <label htmlFor={ids.email}>{f.email}</label>
        <input id={ids.email} type="email" autoComplete="email" value={form.email} placeholder={f.emailPlaceholder}
          onChange={(event) => update('email')(event.target.value)} onBlur={() => setEmailTouched(true)}
          aria-invalid={emailInvalid} required />
        {emailInvalid && <p className="account-field-error" role="alert">{f.emailInvalid}</p>}

        <label htmlFor={ids.nickname}>{f.nickname}</label>
        <input id={ids.nickname} autoComplete="nickname" value={form.nickname} placeholder={f.nicknamePlaceholder}
          maxLength={16} onChange={(event) => update('nickname')(event.target.value)} required />

        <label htmlFor={ids.password}>{f.password}</label>
        <input id={ids.password} type="password" autoComplete="new-password" value={form.password} maxLength={40}
          onChange={(event) => update('password')(event.target.value)} aria-describedby={ids.rules} required />
        <PasswordChecklist id={ids.rules} password={form.password} email={form.email} />

        <fieldset className="account-consents">
          <label className="account-check-row">
            <input type="checkbox" checked={agreeTerms} onChange={(event) => setAgreeTerms(event.target.checked)} />
            <span>{t.agreeTerms}</span>
            <Link to="/terms" target="_blank" rel="noopener" className="account-consent-link">{t.viewText}</Link>
          </label>
          <label className="account-check-row">
            <input type="checkbox" checked={agreePrivacy} onChange={(event) => setAgreePrivacy(event.target.checked)} />
            <span>{t.agreePrivacy}</span>
            <Link to="/privacy" target="_blank" rel="noopener" className="account-consent-link">{t.viewText}</Link>
          </label>
        </fieldset>

        <div className="account-robot-check" aria-label={accountKo.robotCheck.label}>
          <RobotCheck ref={robotCheck} onChange={setCaptchaToken} />
        </div>

        <button type="submit" className="button button--primary account-form__submit"
          disabled={!consents || !captchaToken || signup.isPending}>
          {signup.isPending ? t.submitting : t.submit}
        </button>
        {(!consents || !captchaToken) && <p className="muted account-form__hint">{t.disabledHint}</p>}
      </form>
      <p className="account-switch">
        {t.haveAccount} <Link to="/login">{t.goLogin}</Link>
      </p>
    </section>
  );
}
