import { useState } from 'react';
import { ko } from '../../i18n/ko';
import { StarIcon } from '../clan/clan-icons';
import type { MarkSubject } from './mark-types';
import { useReaderMarks } from './use-reader-marks';
import './marks.css';

const t = ko.reader.marks;

/**
 * The favourite star of a clan or player page: stars it with the league the page shows (home's link opens that
 * league), or unstars it. Where it could not (the list is full, the call failed), says why beside it.
 */
export function StarButton({ subject, label }: { subject: MarkSubject; label?: string }) {
  const marks = useReaderMarks();
  const [problem, setProblem] = useState<string | null>(null);
  const starred = marks.isFavourite(subject.kind, subject.target);

  const handleClick = async () => {
    setProblem(await marks.toggleFavourite(subject));
  };

  return (
    <>
      <button type="button" className={starred ? 'button favourite-button favourite-button--on' : 'button favourite-button'}
        aria-pressed={starred} onClick={handleClick} disabled={!marks.ready} data-testid="favourite-button"
        title={marks.storage === 'account' ? t.savedOnAccount : t.savedInBrowser}>
        <StarIcon filled={starred} />
        {label ?? t.star}
      </button>
      {problem && <span className="favourite-problem" role="alert">{problem}</span>}
    </>
  );
}
