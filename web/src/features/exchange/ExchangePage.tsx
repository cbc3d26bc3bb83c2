import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';

/** The exchange is not open yet; the page says so and points to user trade. */
export default function ExchangePage() {
  useDocumentTitle(ko.exchange.title);
  return (
    <section className="placeholder-page">
      <h1>{ko.exchange.title}</h1>
      <p className="muted">{ko.exchange.body}</p>
      <Link className="button button--primary" to="/trade/user">{ko.exchange.goTrade}</Link>
    </section>
  );
}
