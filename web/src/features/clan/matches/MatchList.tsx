import { useQueryClient } from '@tanstack/react-query';
import { ko } from '../../../i18n/ko';
import { useSearchParam } from '../../../ui/hooks/use-search-param';
import { TableScroll } from '../../../ui/stats';
import { StaticPanel } from '../CollapsiblePanel';
import { MatchDetailPanel } from './MatchDetailPanel';
import { MatchClans, MatchDate, MatchSummary, ToggleButton, matchDetailId } from './MatchRowParts';
import type { MatchDetailQuery } from './match-queries';
import type { MatchPlayerView, MatchRowView } from './match-view';
import { useSettledRow } from './use-settled-row';

const t = ko.clanPlayer.match;

/** The address parameter naming the open match, so a reload or a shared link opens it again. */
export const OPEN_MATCH_PARAM = 'match';

interface MatchListProps {
  rows: readonly MatchRowView[];
  detailQuery: MatchDetailQuery;
  /** The league of the listed matches: clan and player links carry it. */
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
 * A match list (docs/product/clans.md#match-row): map, date, the two clans, a summary and a details toggle. One match
 * is open at a time, named in the address (?match=); a linked match not in the loaded rows opens above the list.
 * Closing a match still recording drops its detail so that opening it again asks afresh
 * (docs/product/clans.md#match-details). On desktops the table's columns are fixed, so opening a detail moves nothing
 * else.
 */
export function MatchList({ rows, detailQuery, isMobile, ...rest }: MatchListProps) {
  const [openId, setOpenId] = useSearchParam(OPEN_MATCH_PARAM);
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
  const linked = openId !== null && !rows.some((row) => row.id === openId)
    ? <LinkedMatch matchId={openId} onClose={() => handleToggle(openId)} detailQuery={detailQuery} isMobile={isMobile} {...rest} />
    : null;

  if (isMobile) {
    return (
      <>
        {linked}
        <ul className="match-cards" data-testid="match-list">{items}</ul>
      </>
    );
  }
  return (
    <>
      {linked}
      <TableScroll>
        <table className="stats-table match-table" data-testid="match-list" data-variant={rest.variant}>
          <colgroup>
            <col className="match-col-map" />
            <col className="match-col-date" />
            <col className="match-col-clans" />
            <col className="match-col-summary" />
            <col className="match-col-toggle" />
          </colgroup>
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
      </TableScroll>
    </>
  );
}

/** A match named by the address that the loaded pages do not hold (a shared link to an older match). */
function LinkedMatch({ matchId, onClose, detailQuery, league, isMobile, isHighlighted }: Omit<MatchItemProps, 'row' | 'open' | 'onToggle'> & {
  matchId: string; onClose(): void;
}) {
  return (
    <StaticPanel title={t.linkedMatch} testId="linked-match"
      aside={<button type="button" className="button button--ghost" onClick={onClose}>{t.closeLinkedMatch}</button>}>
      <MatchDetailPanel matchId={matchId} query={detailQuery} league={league} showHeadshots={!isMobile} isHighlighted={isHighlighted} />
    </StaticPanel>
  );
}

/**
 * One match: a card on phones, a table row (and its detail row) on desktops. The row shows what its detail says
 * once that has arrived complete, so a match listed while recording stops saying 'recording...'.
 */
function MatchItem({ row: listed, open, onToggle, detailQuery, league, isMobile, variant, isHighlighted }: MatchItemProps) {
  const row = useSettledRow(listed, detailQuery);
  const detail = (
    <div id={matchDetailId(row.id)} hidden={!open} className="match-detail-box">
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
        <td className="cell-start match-cell--map">{row.map ?? t.defaultMap}</td>
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
