import { Link, useSearchParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { ErrorPanel } from './ErrorPanel';
import { describeErrorStatus } from './error-kinds';

/** /error?status=… and every unknown route (shown as 404). */
export default function ErrorPage({ status: fixedStatus }: { status?: string }) {
  const [params] = useSearchParams();
  const status = (fixedStatus ?? params.get('status') ?? '404').slice(0, 8);
  const kind = describeErrorStatus(status);
  return (
    <ErrorPanel status={status} title={kind.title} body={kind.body}
      actions={kind.needsLogin && <Link className="button button--primary" to="/login">{ko.errorPage.goLogin}</Link>} />
  );
}

/** The catch-all route: an unknown address is a 404. */
export function NotFoundPage() {
  return <ErrorPage status="404" />;
}
