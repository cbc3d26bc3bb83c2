import { useId } from 'react';
import { ko } from '../../i18n/ko';

const t = ko.stats.league;

/** The clan-name filter box of the league tables. */
export function ClanNameFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  return (
    <div className="league-filter">
      <label htmlFor={id}>{t.filterLabel}</label>
      <input id={id} type="search" className="field-box" value={value} placeholder={t.filterPlaceholder} autoComplete="off" maxLength={60}
        onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
