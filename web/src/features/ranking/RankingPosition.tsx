import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { playerPath } from '../../lib/league-links';
import { ENLISTMENT_NUMBER_MIN_DIGITS } from '@shared/rules/search-keyword';
import { RankBadge } from '../../ui/stats';
import { SAL_RANKING_LEAGUE, fetchRankingPosition, rankingKeys } from './ranking-queries';

const t = ko.stats.ranking;
const ENLISTMENT_NUMBER = new RegExp(`^\\d{${ENLISTMENT_NUMBER_MIN_DIGITS},20}$`);

/** "Find my rank": an enlistment number in, the rank among all ranked players (rank badge) out. */
export function RankingPosition() {
  const id = useId();
  const [input, setInput] = useState('');
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const position = useQuery({
    queryKey: rankingKeys.position(playerId ?? ''),
    queryFn: ({ signal }) => fetchRankingPosition(playerId ?? '', signal),
    enabled: playerId !== null,
    retry: false,
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const value = input.trim();
    const valid = ENLISTMENT_NUMBER.test(value);
    setInvalid(!valid);
    setPlayerId(valid ? value : null);
  }

  const notFound = (position.isError && position.error instanceof ApiError && position.error.status === 404)
    || (position.isSuccess && position.data.rank === null);

  return (
    <form className="ranking-position" onSubmit={handleSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ranking-position__title">{t.positionTitle}</h2>
      <div className="ranking-position__row">
        <label className="visually-hidden" htmlFor={id}>{t.positionLabel}</label>
        <input id={id} className="field-box" inputMode="numeric" value={input} placeholder={t.positionPlaceholder} maxLength={20}
          onChange={(event) => setInput(event.target.value)} aria-invalid={invalid} />
        <button type="submit" className="button">{t.positionSubmit}</button>
      </div>
      <div className="ranking-position__answer" role="status" data-testid="ranking-position">
        {invalid && <span className="tone tone--red">{t.positionInvalid}</span>}
        {!invalid && position.isFetching && <span className="muted">{ko.stats.common.loading}</span>}
        {!invalid && !position.isFetching && notFound && <span className="muted">{t.positionNotFound}</span>}
        {!invalid && !position.isFetching && position.isError && !notFound && <span className="tone tone--red">{t.positionFailed}</span>}
        {!invalid && !position.isFetching && position.isSuccess && position.data.rank !== null && (
          <Link to={playerPath(position.data.playerId, SAL_RANKING_LEAGUE)} className="ranking-position__result">
            <RankBadge rank={position.data.rank} total={position.data.total} />
            <span>{t.positionResult(position.data.rank, position.data.total)}</span>
          </Link>
        )}
      </div>
    </form>
  );
}
