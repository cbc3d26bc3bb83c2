import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { accountKo } from '../../i18n/account';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { accountApi, isNetworkFailure, serverMessageOf } from './account-api';
import './account.css';

const t = accountKo.verify;

type VerifyState = { kind: 'pending' } | { kind: 'success'; message: string } | { kind: 'failure'; message: string };

/** /verify/{token}: verifies once on load (the link works only once), then success or failure with a login link. */
export default function VerifyPage() {
  useDocumentTitle(t.title);
  const { token = '' } = useParams();
  const [state, setState] = useState<VerifyState>({ kind: 'pending' });
  // React's development double-run of effects must not spend the link twice.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    accountApi.verify(token).then(
      (answer) => setState({ kind: 'success', message: answer.message || t.success }),
      (error: unknown) =>
        setState({
          kind: 'failure',
          message: isNetworkFailure(error) ? t.serverError : t.failed(serverMessageOf(error, t.defaultReason)),
        }),
    );
  }, [token]);

  return (
    <section className="account-page account-page--center" data-testid="verify-page" data-state={state.kind}>
      <h1>{t.title}</h1>
      {state.kind === 'pending' ? (
        <p role="status">{t.pending}</p>
      ) : (
        <>
          <p role={state.kind === 'failure' ? 'alert' : 'status'} className={state.kind === 'failure' ? 'account-form-error' : 'account-form-success'}>
            {state.message}
          </p>
          <Link className="button button--primary" to="/login">{t.goLogin}</Link>
        </>
      )}
    </section>
  );
}
