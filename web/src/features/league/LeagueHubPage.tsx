import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { TrophyIcon } from '../../ui/icons';
import { Breadcrumbs, leagueLabel, leagueSubtitle, leagueTrail } from '../../ui/stats';
import { LeagueNav } from './LeagueNav';
import './league.css';

const t = ko.stats.league;

/** The hub's four cards, in the spec's order: divisions 1, 2, 3 (Sanply) and the beginner league. */
const HUB_LEAGUES = ['supply-1', 'supply-2', 'sanply', 'sal-beginner'] as const;

/** /league/sal: a hub with one card per league. */
export default function LeagueHubPage() {
  useDocumentTitle(t.hubTitle);
  return (
    <div className="league-page">
      <Breadcrumbs items={leagueTrail(null)} />
      <LeagueNav />
      <header className="league-page__head">
        <h1>{t.hubTitle}</h1>
        <p className="muted">{t.hubIntro}</p>
      </header>
      <ul className="league-hub" data-testid="league-hub">
        {HUB_LEAGUES.map((slug) => (
          <li key={slug}>
            <Link className={`league-hub__card league-hub__card--${slug}`} to={`/league/${slug}`}>
              <TrophyIcon width={28} height={28} />
              <span className="league-hub__title">{leagueLabel(slug)}</span>
              <span className="muted">{leagueSubtitle(slug)}</span>
              <span className="league-hub__open">{t.hubOpen}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
