import { NavLink } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { LEAGUE_ORDER } from '../../lib/league-context';
import { leaguePath } from '../../lib/league-links';
import { leagueLabel } from '../../ui/stats';

const t = ko.stats.league;

/** Tabs between the league pages: the hub and every league's table, so each is one click from the others. */
export function LeagueNav() {
  return (
    <nav className="stats-tabs league-nav" aria-label={t.navLabel} data-testid="league-nav">
      <NavLink to="/league/sal" end>{t.hubTab}</NavLink>
      {LEAGUE_ORDER.map((slug) => (
        <NavLink key={slug} to={leaguePath(slug)} end>{leagueLabel(slug)}</NavLink>
      ))}
    </nav>
  );
}
