import { Link, NavLink, useLocation } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { RANK_DIVISIONS } from './ranking-queries';

const t = ko.stats.ranking;

/**
 * The SAL ranking's two addresses (/rank/sal-player, canonical /ranking: docs/product/rankings.md#ranking-addresses).
 */
const SAL_RANKING_PATHS = ['/rank/sal-player', '/ranking'];

/**
 * Tabs between the individual rankings: the SAL ranking (the beginner league) and the two division rankings
 * (official leagues 1-2, and the 3rd league), so each is one click from the others.
 */
export function RankingTabs() {
  const { pathname } = useLocation();
  return (
    <nav className="stats-tabs ranking-tabs" aria-label={t.tabsLabel} data-testid="ranking-tabs">
      <Link to="/rank/sal-player" aria-current={SAL_RANKING_PATHS.includes(pathname) ? 'page' : undefined}>{t.salTab}</Link>
      {RANK_DIVISIONS.map((division) => (
        <NavLink key={division} to={`/rank/player/${division}`} end>{t.divisions[division].title}</NavLink>
      ))}
    </nav>
  );
}
