import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';

/** The home page; its search and Top 5 tables arrive with the statistics pages. */
export default function HomePage() {
  useDocumentTitle();
  return (
    <section className="home-hero">
      <h1>{ko.home.title}</h1>
      <p className="muted">{ko.home.intro}</p>
    </section>
  );
}
