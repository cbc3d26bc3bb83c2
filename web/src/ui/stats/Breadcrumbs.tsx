import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { leaguePath } from '../../lib/league-links';
import { leagueLabel } from './league-label';
import './stats.css';

/** One step of the trail: a link, or the current page (the last step, no link). */
export interface Crumb {
  label: string;
  to?: string;
}

/** The league hub and a league's table: the first steps of every league, clan and player trail. */
export function leagueTrail(league: string | null): Crumb[] {
  const hub: Crumb = { label: ko.stats.breadcrumbs.leagues, to: '/league/sal' };
  return league ? [hub, { label: leagueLabel(league), to: leaguePath(league) }] : [hub];
}

/**
 * The way back up from a statistics page (player -> clan -> league -> leagues -> home). Each step links to
 * where its subject is now, so the trail also answers "where does this clan play?".
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const trail: Crumb[] = [{ label: ko.stats.breadcrumbs.home, to: '/' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label={ko.stats.breadcrumbs.label} data-testid="breadcrumbs">
      <ol>
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`}>
              {crumb.to && !last
                ? <Link to={crumb.to}>{crumb.label}</Link>
                : <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
