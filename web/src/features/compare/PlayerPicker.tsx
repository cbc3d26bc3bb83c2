import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ko } from '../../i18n/ko';
import { PlayerEntry } from '../search/ResultEntries';
import { fetchSalMixed, searchKeys } from '../search/search-queries';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '../search/search-rules';
import { useDebouncedValue } from '../search/use-debounced-value';

const t = ko.reader.compare;

/** The shortest keyword worth asking about. */
const MIN_KEYWORD = 2;

/**
 * Finds the second player of a comparison by nickname or enlistment number (the search box's autocomplete call);
 * each candidate is a button. The player already on the page is not offered.
 */
export function PlayerPicker({ exclude, onPick }: { exclude: string; onPick: (playerId: string) => void }) {
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const settled = useDebouncedValue(keyword.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const enough = settled.length >= MIN_KEYWORD;
  const results = useQuery({
    queryKey: searchKeys.mixed(settled, 'autocomplete'),
    queryFn: ({ signal }) => fetchSalMixed(settled, 'autocomplete', signal),
    enabled: enough,
  });
  const players = results.data?.players.filter((player) => player.playerId !== exclude) ?? [];
  const onlySelf = (results.data?.players.length ?? 0) > 0 && players.length === 0;

  return (
    <div className="player-picker" data-testid="player-picker">
      <label htmlFor={`${id}-keyword`} className="player-picker__label">{t.pickLabel}</label>
      <input id={`${id}-keyword`} type="search" className="player-picker__input field-box" value={keyword} autoComplete="off"
        placeholder={t.pickPlaceholder} onChange={(event) => setKeyword(event.target.value)} />
      {!enough && <p className="muted player-picker__hint">{t.pickHint}</p>}
      {enough && results.isSuccess && players.length === 0 && (
        <p className="muted player-picker__hint">{onlySelf ? t.pickSelf : t.pickNone}</p>
      )}
      {players.length > 0 && (
        <ul className="player-picker__list mixed-results__list">
          {players.map((player) => (
            <li key={player.playerId}>
              <button type="button" className="mixed-results__link player-picker__option" onClick={() => onPick(player.playerId)}>
                <PlayerEntry player={player} logoSize={24} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
