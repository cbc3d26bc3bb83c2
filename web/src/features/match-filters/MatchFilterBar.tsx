import { useId } from 'react';
import type { MapBreakdownRow, MetOpponent } from '@shared/contracts/breakdowns';
import { ko } from '../../i18n/ko';
import { activeFilterCount, type MatchFilter } from './match-filter-params';
import './match-filters.css';

const t = ko.reader.filters;

interface MatchFilterBarProps {
  filter: MatchFilter;
  onChange: (next: MatchFilter) => void;
  /**
   * What the owner's maps panel answered (undefined while it loads): the maps played in the league, most played
   * first, and the clans met there, most met first.
   */
  choices: { maps: readonly MapBreakdownRow[]; opponents: readonly MetOpponent[] } | undefined;
}

interface Option {
  value: string;
  label: string;
}

/** A value of the address the choices do not hold still shows (and can be cleared) rather than vanishing. */
function withOther(options: Option[], value: string | undefined): Option[] {
  if (!value || options.some((option) => option.value === value)) return options;
  return [...options, { value, label: t.otherValue(value) }];
}

/**
 * The filters over a match list (by map, result, opponent clan and a range of days). Every change goes to the
 * address at once; the server answers the filtered list, its total and its counts.
 */
export function MatchFilterBar({ filter, onChange, choices }: MatchFilterBarProps) {
  const id = useId();
  const set = (key: keyof MatchFilter, value: string) => onChange({ ...filter, [key]: value || undefined });
  const maps = choices?.maps.flatMap((row) => (row.map === null ? [] : [row.map])) ?? [];
  const mapOptions = withOther(maps.map((map) => ({ value: map, label: map })), filter.map);
  const opponentOptions = withOther(
    (choices?.opponents ?? []).map((opponent) => ({ value: opponent.slug, label: t.opponentMatches(opponent.name, opponent.matches) })),
    filter.opponent,
  );
  const active = activeFilterCount(filter);

  return (
    <fieldset className="match-filters" data-testid="match-filters">
      <legend className="visually-hidden">{t.legend}</legend>
      <label className="match-filters__field" htmlFor={`${id}-map`}>
        <span>{t.map}</span>
        <select id={`${id}-map`} className="field-box" name="map" value={filter.map ?? ''} onChange={(event) => set('map', event.target.value)}>
          <option value="">{t.any}</option>
          {mapOptions.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </label>
      <label className="match-filters__field" htmlFor={`${id}-result`}>
        <span>{t.result}</span>
        <select id={`${id}-result`} className="field-box" name="result" value={filter.result ?? ''} onChange={(event) => set('result', event.target.value)}>
          <option value="">{t.any}</option>
          {(['win', 'lose', 'draw'] as const).map((result) => <option key={result} value={result}>{t.results[result]}</option>)}
        </select>
      </label>
      <label className="match-filters__field match-filters__field--wide" htmlFor={`${id}-opponent`}>
        <span>{t.opponent}</span>
        <select id={`${id}-opponent`} className="field-box" name="opponent" value={filter.opponent ?? ''} onChange={(event) => set('opponent', event.target.value)}>
          <option value="">{t.any}</option>
          {opponentOptions.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </label>
      <label className="match-filters__field" htmlFor={`${id}-from`}>
        <span>{t.from}</span>
        <input id={`${id}-from`} className="field-box" name="from" type="date" value={filter.from ?? ''} max={filter.to}
          onChange={(event) => set('from', event.target.value)} />
      </label>
      <label className="match-filters__field" htmlFor={`${id}-to`}>
        <span>{t.to}</span>
        <input id={`${id}-to`} className="field-box" name="to" type="date" value={filter.to ?? ''} min={filter.from}
          onChange={(event) => set('to', event.target.value)} />
      </label>
      {active > 0 && (
        <div className="match-filters__active">
          <span className="muted">{t.active(active)}</span>
          <button type="button" className="button button--ghost" onClick={() => onChange({})}>{t.clear}</button>
        </div>
      )}
    </fieldset>
  );
}
