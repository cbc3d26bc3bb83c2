import { checkPassword, PASSWORD_RULES } from '@shared/rules/credentials';
import { accountKo } from '../../../i18n/account';

const t = accountKo.passwordRules;

/**
 * The live checklist of the password rules (docs/product/accounts.md#password-rules), ticked as the member types (the
 * server checks the same rules).
 */
export function PasswordChecklist({ password, email, id }: { password: string; email: string; id?: string }) {
  const result = checkPassword(password, email);
  return (
    <ul className="password-checklist" id={id} aria-label={t.title} data-testid="password-checklist">
      {PASSWORD_RULES.map((rule) => (
        <li key={rule} className={result[rule] ? 'is-met' : 'is-unmet'} data-rule={rule} data-met={result[rule]}>
          <span aria-hidden="true">{result[rule] ? '✓' : '·'}</span> {t[rule]}
          <span className="visually-hidden"> ({result[rule] ? t.met : t.unmet})</span>
        </li>
      ))}
    </ul>
  );
}
