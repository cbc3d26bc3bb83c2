import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { LEAGUE_ORDER } from '../../lib/league-context';
import { leaguePath } from '../../lib/league-links';
import { leagueLabel } from '../../ui/stats';

const t = ko.stats;

/** One click from home to every league table, the league hub and the division rankings. */
export function HomeLeagueLinks() {
  return (
    <nav className="home-leagues" aria-label={t.home.leagueLinks} data-testid="home-league-links">
      <span className="home-leagues__title">{t.home.leagueLinks}</span>
      <ul>
        {LEAGUE_ORDER.map((slug) => <li key={slug}><Link to={leaguePath(slug)}>{leagueLabel(slug)}</Link></li>)}
        <li><Link to="/league/sal">{ko.nav.leagueHub}</Link></li>
        <li><Link to="/rank/player">{ko.nav.divisionRanking}</Link></li>
      </ul>
    </nav>
  );
}
