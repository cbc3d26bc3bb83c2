import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';

interface ErrorPanelProps {
  /** The status code line ('오류 코드 404'), left out when there is no code. */
  status?: string;
  title: string;
  body: string;
  /** Buttons before the link home. */
  actions?: ReactNode;
}

/** The site's error page body: code, title, explanation and a way back home. */
export function ErrorPanel({ status, title, body, actions }: ErrorPanelProps) {
  useDocumentTitle(title);
  return (
    <section className="error-page" data-testid="error-page">
      {status && <p className="error-page__code">{ko.errorPage.code(status)}</p>}
      <h1>{title}</h1>
      <p className="muted">{body}</p>
      <div className="error-page__actions">
        {actions}
        <Link className="button" to="/">{ko.errorPage.goHome}</Link>
      </div>
    </section>
  );
}
