import { Link } from 'react-router-dom';
import type { ProxyPlayerRankResponse } from '../../../../server/contracts/proxy';
import { ko } from '../../i18n/ko';
import { averageKillsColour, rankingKdColour, rankingWinRateColour } from '../../lib/colour-bands';
import { ClanLogo, SkeletonRows, formatNumber, formatPercent, formatRatio } from '../../ui/stats';
import { Coloured, RankingRank } from './RankingTable';

const t = ko.stats;

type DivisionRankRow = ProxyPlayerRankResponse['data'][number];

/** A division's individual ranking table (rank, player, win, lose, win_rate, kd_rate, kill_per_match, rating). */
export function DivisionRankingTable({ rows, loading }: { rows: DivisionRankRow[]; loading: boolean }) {
  const c = t.columns;
  return (
    <div className="stats-panel stats-table-wrap">
      <table className="stats-table ranking-table" aria-busy={loading} data-testid="division-ranking-table">
        <thead>
          <tr>
            <th scope="col" className="cell-center">{c.rank}</th>
            <th scope="col" className="cell-start">{c.player}</th>
            <th scope="col">{c.wins}</th>
            <th scope="col">{c.losses}</th>
            <th scope="col">{c.winRate}</th>
            <th scope="col">{c.kdRate}</th>
            <th scope="col">{c.avgKills}</th>
            <th scope="col">{c.rating}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? <SkeletonRows rows={15} columns={8} /> : rows.map((row) => (
            <tr key={`${row.division}:${row.player.id}`} className={row.rank <= 3 ? 'row--podium' : undefined} data-testid="ranking-row">
              <td className="cell-center"><RankingRank rank={row.rank} /></td>
              <th scope="row" className="cell-start">
                <Link className="name-cell" to={`/player/${encodeURIComponent(row.division)}/${encodeURIComponent(row.player.id)}`}>
                  <ClanLogo slug={row.player.clan?.slug} markBg={row.player.clan?.mark_bg} markFront={row.player.clan?.mark_front} size={22} />
                  <span className="ranking-table__names">
                    <span className="name-cell__text">{row.player.name}</span>
                    <span className="muted ranking-table__sub">{row.player.clan?.name ?? t.common.unaffiliated}</span>
                  </span>
                </Link>
              </th>
              <td>{formatNumber(row.win)}</td>
              <td>{formatNumber(row.lose)}</td>
              <td><Coloured value={row.win_rate} colour={rankingWinRateColour} format={(value) => formatPercent(value)} /></td>
              <td><Coloured value={row.kd_rate} colour={rankingKdColour} format={(value) => formatPercent(value)} /></td>
              <td><Coloured value={row.kill_per_match} colour={averageKillsColour} format={(value) => formatRatio(value, 1)} /></td>
              <td><strong>{formatNumber(row.rating)}</strong></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
