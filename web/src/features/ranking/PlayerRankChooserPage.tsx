import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { UserIcon } from '../../ui/icons';
import { Breadcrumbs } from '../../ui/stats';
import { RankingTabs } from './RankingTabs';
import { RANK_DIVISIONS } from './ranking-queries';
import './ranking.css';

const t = ko.stats.ranking;

/** /rank/player: two choice cards, official leagues 1 and 2, and the 3rd league. */
export default function PlayerRankChooserPage() {
  useDocumentTitle(t.chooserTitle);
  return (
    <div className="ranking-page">
      <Breadcrumbs items={[{ label: ko.stats.breadcrumbs.divisionRanking }]} />
      <RankingTabs />
      <h1>{t.chooserTitle}</h1>
      <p className="muted">{t.chooserIntro}</p>
      <ul className="ranking-chooser" data-testid="rank-chooser">
        {RANK_DIVISIONS.map((division) => (
          <li key={division}>
            <Link className="ranking-chooser__card" to={`/rank/player/${division}`}>
              <UserIcon width={28} height={28} />
              <strong>{t.divisions[division].title}</strong>
              <span className="muted">{t.divisions[division].subtitle}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
