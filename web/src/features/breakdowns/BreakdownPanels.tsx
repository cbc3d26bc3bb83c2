import type { UseQueryResult } from '@tanstack/react-query';
import type { ClanBreakdownResponse, PlayerBreakdownResponse } from '@shared/contracts/breakdowns';
import { ko } from '../../i18n/ko';
import { StatusMessage, leagueLabel } from '../../ui/stats';
import { CollapsiblePanel } from '../clan/CollapsiblePanel';
import { MapsTable } from './MapsTable';
import { WeaponsTable } from './WeaponsTable';
import './breakdowns.css';

const t = ko.reader.breakdown;

interface PanelProps<Data> {
  breakdown: UseQueryResult<Data, unknown>;
  league: string;
  isMobile: boolean;
  /** Narrows the page's match list to a map (a map's name in the table). */
  onPickMap: (map: string) => void;
}

/** What a panel shows before and instead of its tables: the skeleton, the failure, the empty league. */
function panelState(breakdown: UseQueryResult<{ matches: number }, unknown>) {
  if (breakdown.isPending) return <div className="skeleton-card breakdown-skeleton" aria-hidden="true" />;
  if (breakdown.isError) return <StatusMessage kind="error">{t.failed}</StatusMessage>;
  if (breakdown.data.matches === 0) return <p className="clan-panel__empty muted">{t.empty}</p>;
  return null;
}

/** The clan page's results by map in the page's league (rows add up to the header's record). */
export function ClanMapsPanel({ breakdown, league, isMobile, onPickMap }: PanelProps<ClanBreakdownResponse['data']>) {
  const scope = breakdown.data ? t.scope(leagueLabel(league), breakdown.data.matches) : leagueLabel(league);
  return (
    <CollapsiblePanel title={t.clanTitle} aside={scope} storageKey="clan.maps" testId="clan-maps">
      {panelState(breakdown) ?? (
        <MapsTable rows={breakdown.data!.maps} withKillShare={false} isMobile={isMobile} onPickMap={onPickMap} />
      )}
    </CollapsiblePanel>
  );
}

/** The player page's results by map and by weapon class in the page's league. */
export function PlayerBreakdownPanel({ breakdown, league, isMobile, onPickMap }: PanelProps<PlayerBreakdownResponse['data']>) {
  const scope = breakdown.data ? t.scope(leagueLabel(league), breakdown.data.matches) : leagueLabel(league);
  return (
    <CollapsiblePanel title={t.title} aside={scope} storageKey="player.breakdown" testId="player-breakdown">
      {panelState(breakdown) ?? (
        <div className="breakdown-sections">
          <section aria-label={t.maps}>
            <h3 className="breakdown-sections__title">{t.maps}</h3>
            <MapsTable rows={breakdown.data!.maps} withKillShare isMobile={isMobile} onPickMap={onPickMap} />
          </section>
          <section aria-label={t.weapons}>
            <h3 className="breakdown-sections__title">{t.weapons}</h3>
            <WeaponsTable rows={breakdown.data!.weapons} />
            <p className="breakdown-sections__note muted">{t.weaponsNote}</p>
          </section>
        </div>
      )}
    </CollapsiblePanel>
  );
}
