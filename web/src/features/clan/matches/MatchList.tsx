import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ko } from '../../../i18n/ko';
import { MatchDetailPanel } from './MatchDetailPanel';
import { MatchClans, MatchDate, MatchSummary, ToggleButton, matchDetailId } from './MatchRowParts';
import type { MatchDetailQuery } from './match-queries';
import type { MatchPlayerView, MatchRowView } from './match-view';
import { useSettledRow } from './use-settled-row';

const t = ko.clanPlayer.match;

interface MatchListProps {
  rows: readonly MatchRowView[];
  detailQuery: MatchDetailQuery;
  /** League slug for clan links. */
  league: string;
  isMobile: boolean;
  /** The player page adds the own K/D/A line and the rosters. */
  variant: 'clan' | 'player';
  isHighlighted?: (player: MatchPlayerView) => boolean;
}

interface MatchItemProps extends Omit<MatchListProps, 'rows'> {
  row: MatchRowView;
  open: boolean;
  onToggle: (matchId: string) => void;
}

/**
 * A match list (spec §2): map, date, the two clans, a summary and a details toggle. One match is open at a time;
 * closing a match still recording drops its detail so that opening it again asks afresh (spec §4).
 */
export function MatchList({ rows, detailQuery, isMobile, ...rest }: MatchListProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const handleToggle = (matchId: string) => {
    if (openId !== null) {
      const { queryKey } = detailQuery(openId);
      if (queryClient.getQueryData<{ recording: boolean }>(queryKey)?.recording) queryClient.removeQueries({ queryKey });
    }
    setOpenId(openId === matchId ? null : matchId);
  };

  const items = rows.map((row) => (
    <MatchItem key={row.id} row={row} open={openId === row.id} onToggle={handleToggle} detailQuery={detailQuery}
      isMobile={isMobile} {...rest} />
  ));

  if (isMobile) return <ul className="match-cards" data-testid="match-list">{items}</ul>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table match-table" data-testid="match-list">
        <thead>
          <tr>
            <th scope="col" className="cell-start">{t.map}</th>
            <th scope="col" className="cell-start">{t.date}</th>
            <th scope="col" className="cell-center">{t.clans}</th>
            <th scope="col" className="cell-start">{t.summary}</th>
            <th scope="col" className="cell-center">{t.details}</th>
          </tr>
        </thead>
        {items}
      </table>
    </div>
  );
}

/**
 * One match: a card on phones, a table row (and its detail row) on desktops. The row shows what its detail says
 * once that has arrived complete, so a match listed while recording stops saying 'recording...'.
 */
function MatchItem({ row: listed, open, onToggle, detailQuery, league, isMobile, variant, isHighlighted }: MatchItemProps) {
  const row = useSettledRow(listed, detailQuery);
  const detail = (
    <div id={matchDetailId(row.id)} hidden={!open}>
      {open && (
        <MatchDetailPanel matchId={row.id} query={detailQuery} league={league} showHeadshots={!isMobile} isHighlighted={isHighlighted} />
      )}
    </div>
  );

  if (isMobile) {
    return (
      <li className={`match-card match-card--${row.result ?? 'none'}`} data-testid="match-row" data-match-id={row.id}>
        <div className="match-card__top">
          <span className="match-card__map">{row.map ?? t.defaultMap}</span>
          <MatchDate at={row.startAt} />
        </div>
        <MatchClans row={row} league={league} showRosters={variant === 'player'} />
        <div className="match-card__bottom">
          <MatchSummary row={row} variant={variant} />
          <ToggleButton row={row} open={open} onToggle={onToggle} />
        </div>
        {detail}
      </li>
    );
  }

  // One tbody per match keeps a row and its detail row together (a table may have several bodies).
  return (
    <tbody className="match-group">
      <tr className={`match-row match-row--${row.result ?? 'none'}`} data-testid="match-row" data-match-id={row.id}>
        <td className="cell-start">{row.map ?? t.defaultMap}</td>
        <td className="cell-start"><MatchDate at={row.startAt} /></td>
        <td className="cell-center"><MatchClans row={row} league={league} showRosters={variant === 'player'} /></td>
        <td className="cell-start"><MatchSummary row={row} variant={variant} /></td>
        <td className="cell-center"><ToggleButton row={row} open={open} onToggle={onToggle} /></td>
      </tr>
      <tr className="match-detail-row" hidden={!open}>
        <td colSpan={5}>{detail}</td>
      </tr>
    </tbody>
  );
}
