import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { CloseIcon } from '../../ui/icons';
import { ClanLogo, leagueLabel } from '../../ui/stats';
import { markPath } from './mark-paths';
import type { MarkList, ReaderMark } from './mark-types';
import { useReaderMarks } from './use-reader-marks';
import './marks.css';

const t = ko.reader.marks;

/** How many entries a list shows before "show all". */
const SHOWN_AT_FIRST = 8;

/**
 * Home's favourites and recently viewed clans and players (beyond the spec): each opens its page in the league
 * it was seen in, and leaves the list with one click. Shown once the reader has either.
 */
export function HomeMarks() {
  const marks = useReaderMarks();
  if (!marks.ready || (marks.favourites.length === 0 && marks.recent.length === 0)) return null;
  return (
    <div className="home-marks" data-storage={marks.storage}>
      <MarkPanel list="favourites" title={t.favourites} empty={t.favouritesEmpty} items={marks.favourites} onRemove={marks.remove} />
      <MarkPanel list="recent" title={t.recent} empty={t.recentEmpty} items={marks.recent} onRemove={marks.remove} />
      <p className="muted home-marks__note">{marks.storage === 'account' ? t.savedOnAccount : t.savedInBrowser}</p>
    </div>
  );
}

interface MarkPanelProps {
  list: MarkList;
  title: string;
  empty: string;
  items: readonly ReaderMark[];
  onRemove: ReturnType<typeof useReaderMarks>['remove'];
}

function MarkPanel({ list, title, empty, items, onRemove }: MarkPanelProps) {
  const [showAll, setShowAll] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = showAll ? items : items.slice(0, SHOWN_AT_FIRST);
  const headingId = `home-marks-${list}`;
  return (
    <section className="stats-panel home-marks__panel" aria-labelledby={headingId} data-testid={`home-${list}`}>
      <header className="home-top__head">
        <h2 id={headingId}>{title} <span className="muted home-marks__count">{items.length}</span></h2>
      </header>
      {problem && <p className="home-marks__problem" role="alert">{problem}</p>}
      {items.length === 0 ? (
        <p className="muted home-marks__empty">{empty}</p>
      ) : (
        <ul className="home-marks__list">
          {shown.map((mark) => (
            <li key={`${mark.kind}:${mark.target}`} className="home-marks__item" data-kind={mark.kind} data-target={mark.target}>
              <Link className="home-marks__link" to={markPath(mark)}>
                <ClanLogo slug={mark.clanSlug} markBg={mark.mark_bg} markFront={mark.mark_front} size={24} />
                <span className="home-marks__name">{mark.name}</span>
                <span className="home-marks__kind">{t.kinds[mark.kind]}</span>
                <span className="muted home-marks__league">{leagueLabel(mark.league)}</span>
              </Link>
              <button type="button" className="home-marks__remove" aria-label={t.remove(mark.name)}
                onClick={async () => setProblem(await onRemove(list, mark.kind, mark.target))}>
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      {items.length > SHOWN_AT_FIRST && (
        <button type="button" className="button button--ghost home-marks__more" onClick={() => setShowAll(!showAll)}>
          {showAll ? t.showFewer : t.showAll(items.length)}
        </button>
      )}
    </section>
  );
}
