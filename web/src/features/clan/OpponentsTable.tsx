import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { generalRateColour } from '../../lib/colour-bands';
import { clanPath, headToHeadPath } from '../../lib/league-links';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import {
  NameLink, STATS_MOBILE_QUERY, SortHeader, TableScroll, Tone, formatPercent, useTableSort, type SortColumns,
} from '../../ui/stats';
import type { OpponentView } from './clan-view';

const t = ko.clanPlayer;
const columns = ko.stats.columns;

/** Address parameter of the opponents table's sort. */
const SORT_PARAM = 'opponentSort';

const COLUMNS: SortColumns<OpponentView> = {
  clan: { value: (row) => row.name, firstDirection: 'asc' },
  total: { value: (row) => row.total, firstDirection: 'desc' },
  win: { value: (row) => row.win, firstDirection: 'desc' },
  lose: { value: (row) => row.lose, firstDirection: 'desc' },
  draw: { value: (row) => row.draw, firstDirection: 'desc' },
  winRate: { value: (row) => row.winRate, firstDirection: 'desc' },
};
/** The served order: most games first. */
const BY_GAMES = { column: 'total', direction: 'desc' } as const;

interface OpponentsTableProps {
  opponents: readonly OpponentView[];
  /** The league of these records: clan and head-to-head links carry it. */
  league: string;
  /** Digits of the win rate: one on clan pages, whole on the player page (docs/product/ratings.md#win-rate). */
  winRateDigits: 0 | 1;
  /** When set, each row also links to the head-to-head view of this clan and the opponent. */
  headToHeadFrom?: { slug: string; name: string };
}

/**
 * Top 5 opponent clans: games, wins, losses, draws and win rate (a draw counts half), sortable by each. Rows link
 * to the opponent's page of the same league.
 */
export function OpponentsTable({ opponents, league, winRateDigits, headToHeadFrom }: OpponentsTableProps) {
  // On phones the head-to-head link sits under the clan name: a seventh column would not fit 390 px.
  const compact = useMediaQuery(STATS_MOBILE_QUERY);
  const table = useTableSort(SORT_PARAM, opponents, COLUMNS, BY_GAMES);
  const linkColumn = headToHeadFrom && !compact;
  if (opponents.length === 0) return <p className="clan-panel__empty muted">{t.opponents.empty}</p>;
  return (
    <TableScroll>
      <table className="stats-table" data-testid="opponents-table">
        <thead>
          <tr>
            <SortHeader table={table} column="clan" className="cell-start">{t.opponents.clan}</SortHeader>
            <SortHeader table={table} column="total">{columns.matches}</SortHeader>
            <SortHeader table={table} column="win">{columns.wins}</SortHeader>
            <SortHeader table={table} column="lose">{columns.losses}</SortHeader>
            <SortHeader table={table} column="draw">{columns.draws}</SortHeader>
            <SortHeader table={table} column="winRate">{columns.winRate}</SortHeader>
            {linkColumn && <th scope="col" className="cell-center">{t.opponents.headToHead}</th>}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((opponent) => (
            <tr key={opponent.slug}>
              <th scope="row" className="cell-start">
                <NameLink to={clanPath(league, opponent.slug)} slug={opponent.slug} markBg={opponent.markBg} markFront={opponent.markFront} logoSize={22}>
                  {opponent.name}
                </NameLink>
                {headToHeadFrom && compact && <HeadToHeadLink league={league} from={headToHeadFrom} opponent={opponent} className="opponent-h2h" />}
              </th>
              <td>{opponent.total}</td>
              <td>{opponent.win}</td>
              <td>{opponent.lose}</td>
              <td>{opponent.draw}</td>
              <td>
                <Tone colour={opponent.winRate === null ? 'neutral' : generalRateColour(opponent.winRate)}>
                  {formatPercent(opponent.winRate, winRateDigits)}
                </Tone>
              </td>
              {linkColumn && <td className="cell-center"><HeadToHeadLink league={league} from={headToHeadFrom} opponent={opponent} /></td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The link to the head-to-head view of the page's clan and one opponent. */
function HeadToHeadLink({ league, from, opponent, className }: {
  league: string; from: { slug: string; name: string }; opponent: OpponentView; className?: string;
}) {
  return (
    <Link className={className} to={headToHeadPath(league, from.slug, opponent.slug)} aria-label={t.headToHead.title(from.name, opponent.name)}>
      {t.opponents.headToHead}
    </Link>
  );
}
