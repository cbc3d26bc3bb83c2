import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { HomeMarks } from '../marks/HomeMarks';
import { SearchPanel } from '../search/SearchPanel';
import { HomeLeagueLinks } from './HomeLeagueLinks';
import { NoticePopup } from './NoticePopup';
import { TopClansTable } from './TopClansTable';
import { TopPlayersTable } from './TopPlayersTable';
import './home.css';

/**
 * Home (docs/product/shell.md#home-page): the search box, the Top 5 clan and player tables, and the popup notice when
 * one exists; with a row of links to every league table and ranking, so each statistics page is a click or two away,
 * and the reader's favourites and recently viewed clans and players under the search box once there are some.
 */
export default function HomePage() {
  useDocumentTitle();
  return (
    <div className="home">
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">{ko.home.title}</h1>
        <p className="muted">{ko.home.intro}</p>
        <SearchPanel />
      </section>
      <HomeMarks />
      <HomeLeagueLinks />
      <div className="home-tops">
        <TopClansTable />
        <TopPlayersTable />
      </div>
      <NoticePopup />
    </div>
  );
}
