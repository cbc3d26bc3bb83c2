import { Link } from 'react-router-dom';
import type { LeagueClanRow } from '../../../../server/contracts/league';
import { ko } from '../../i18n/ko';
import { leagueListWinRateColour } from '../../lib/colour-bands';
import { ClanLogo, SkeletonRows, Tone, formatNumber, formatPercent } from '../../ui/stats';
import { RankCell, podiumClass } from './RankCell';
import { clanPath } from './league-queries';

const t = ko.stats;

/** The league clan list variant (spec §2): rank, clan name, member count, total matches, score, win rate. */
export function LeagueClanList({ league, rows, loading }: { league: string; rows: LeagueClanRow[]; loading: boolean }) {
  const c = t.columns;
  return (
    <div className="stats-panel stats-table-wrap">
      <table className="stats-table league-table" aria-busy={loading} data-testid="clan-list-table">
        <thead>
          <tr>
            <th scope="col" className="cell-center">{c.rank}</th>
            <th scope="col" className="cell-start">{c.clanName}</th>
            <th scope="col">{c.members}</th>
            <th scope="col">{c.totalMatches}</th>
            <th scope="col">{c.score}</th>
            <th scope="col">{c.winRate}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? <SkeletonRows rows={12} columns={6} /> : rows.map((row) => (
            <tr key={row.clanSlug} className={podiumClass(row.rank)} data-testid="clan-list-row">
              <td className="cell-center"><RankCell rank={row.rank} /></td>
              <th scope="row" className="cell-start">
                <Link className="name-cell" to={clanPath(league, row.clanSlug)}>
                  <ClanLogo slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} />
                  <span className="name-cell__text">{row.clanName}</span>
                </Link>
              </th>
              <td>{formatNumber(row.memberCount)}</td>
              <td>{formatNumber(row.totalMatches)}</td>
              <td>{formatNumber(row.score)}</td>
              <td>
                {row.winRate === null ? formatPercent(null)
                  : <Tone colour={leagueListWinRateColour(row.winRate)}>{formatPercent(row.winRate)}</Tone>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
