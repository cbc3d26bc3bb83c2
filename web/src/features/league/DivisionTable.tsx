import { Link } from 'react-router-dom';
import type { LeagueSummaryEntry } from '../../../../server/contracts/league';
import { ko } from '../../i18n/ko';
import { clanTableWinRateColour } from '../../lib/colour-bands';
import { ClanLogo, SkeletonCards, SkeletonRows, Tone, formatNumber, formatPercent } from '../../ui/stats';
import { RankCell, podiumClass } from './RankCell';
import { clanPath } from './league-queries';

const t = ko.stats;

/** A row's height in the simpler list under 768 px, for its skeleton. */
const SIMPLE_ROW_HEIGHT = 60;

function WinRate({ value }: { value: number | null }) {
  return value === null ? <>{formatPercent(null)}</> : <Tone colour={clanTableWinRateColour(value)}>{formatPercent(value)}</Tone>;
}

interface DivisionTableProps {
  league: string;
  rows: LeagueSummaryEntry[];
  loading: boolean;
  /** Under 768 px: the simpler list. */
  compact: boolean;
}

/** A division table (spec §2): rank, two-layer logo and clan name, record, win rate and ladder points. */
export function DivisionTable({ league, rows, loading, compact }: DivisionTableProps) {
  if (compact) {
    if (loading) return <SkeletonCards count={8} height={SIMPLE_ROW_HEIGHT} />;
    return (
      <ol className="league-simple-list" data-testid="division-list">
        {rows.map((row) => (
          <li key={row.clan.slug} className={podiumClass(row.rank)} data-testid="division-row">
            <RankCell rank={row.rank} />
            <Link className="name-cell" to={clanPath(league, row.clan.slug)}>
              <ClanLogo slug={row.clan.slug} markBg={row.clan.mark_bg} markFront={row.clan.mark_front} />
              <span className="name-cell__text">{row.clan.name}</span>
            </Link>
            <span className="league-simple-list__figures">
              <strong>{formatNumber(row.rating)}</strong>
              <WinRate value={row.win_rate} />
            </span>
          </li>
        ))}
      </ol>
    );
  }
  const c = t.columns;
  return (
    <div className="stats-panel stats-table-wrap">
      <table className="stats-table league-table" aria-busy={loading} data-testid="division-table">
        <thead>
          <tr>
            <th scope="col" className="cell-center">{c.rank}</th>
            <th scope="col" className="cell-start">{c.clanName}</th>
            <th scope="col">{c.record}</th>
            <th scope="col">{c.winRate}</th>
            <th scope="col">{c.ladderPoints}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? <SkeletonRows rows={12} columns={5} /> : rows.map((row) => (
            <tr key={row.clan.slug} className={podiumClass(row.rank)} data-testid="division-row">
              <td className="cell-center"><RankCell rank={row.rank} /></td>
              <th scope="row" className="cell-start">
                <Link className="name-cell" to={clanPath(league, row.clan.slug)}>
                  <ClanLogo slug={row.clan.slug} markBg={row.clan.mark_bg} markFront={row.clan.mark_front} />
                  <span className="name-cell__text">{row.clan.name}</span>
                </Link>
              </th>
              <td>{t.common.record(row.win, row.lose)}</td>
              <td><WinRate value={row.win_rate} /></td>
              <td>{formatNumber(row.rating)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
