import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { RANK_DIVISIONS, type RankDivision } from './ranking-queries';

const t = ko.stats.ranking;

/** Tabs between the two individual rankings (official leagues 1-2, and the 3rd league). */
export function DivisionTabs({ current }: { current: RankDivision }) {
  return (
    <nav className="stats-tabs ranking-tabs" aria-label={t.tabsLabel}>
      {RANK_DIVISIONS.map((division) => (
        <Link key={division} to={`/rank/player/${division}`} aria-current={division === current ? 'page' : undefined}>
          {t.divisions[division].title}
        </Link>
      ))}
    </nav>
  );
}
