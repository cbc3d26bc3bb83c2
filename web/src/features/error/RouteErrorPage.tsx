import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { isChunkLoadError } from '../../lib/chunk-load-error';
import ErrorPage from './ErrorPage';
import { ErrorPanel } from './ErrorPanel';

const t = ko.errorPage;

/**
 * The routes' error element: what a reader sees instead of React Router's English "Unexpected Application Error!"
 * when a page's code fails to load (a reload fetches the current version) or a page throws while rendering.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    // Kept for whoever opens the console: the page itself only says what the reader can do.
    console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error)) return <ErrorPage status={String(error.status)} />;
  const chunk = isChunkLoadError(error);
  return (
    <ErrorPanel title={chunk ? t.chunkTitle : t.renderTitle} body={chunk ? t.chunkBody : t.renderBody}
      actions={(
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t.reload}
        </button>
      )} />
  );
}
