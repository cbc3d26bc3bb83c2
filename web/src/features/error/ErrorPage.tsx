import { Link, useSearchParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { describeErrorStatus } from './error-kinds';

/** /error?status=… and every unknown route (shown as 404). */
export default function ErrorPage({ status: fixedStatus }: { status?: string }) {
  const [params] = useSearchParams();
  const status = (fixedStatus ?? params.get('status') ?? '404').slice(0, 8);
  const kind = describeErrorStatus(status);
  useDocumentTitle(kind.title);
  return (
    <section className="error-page" data-testid="error-page">
      <p className="error-page__code">{ko.errorPage.code(status)}</p>
      <h1>{kind.title}</h1>
      <p className="muted">{kind.body}</p>
      <div className="error-page__actions">
        {kind.needsLogin && <Link className="button button--primary" to="/login">{ko.errorPage.goLogin}</Link>}
        <Link className="button" to="/">{ko.errorPage.goHome}</Link>
      </div>
    </section>
  );
}

/** The catch-all route: an unknown address is a 404. */
export function NotFoundPage() {
  return <ErrorPage status="404" />;
}
