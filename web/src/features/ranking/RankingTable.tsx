import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { RankingEntry } from '../../../../server/contracts/rankings';
import { ko } from '../../i18n/ko';
import { averageKillsColour, rankingKdColour, rankingWinRateColour } from '../../lib/colour-bands';
import { ClanLogo, RankMark, SkeletonRows, Tone, formatNumber, formatPercent, formatRatio } from '../../ui/stats';

const t = ko.stats;

/** A value coloured by `colour`, or '-' when missing. */
export function Coloured({ value, colour, format }: {
  value: number | null;
  colour: (value: number) => Parameters<typeof Tone>[0]['colour'];
  format: (value: number) => string;
}) {
  return value === null ? <>{t.common.dash}</> : <Tone colour={colour(value)}>{format(value)}</Tone>;
}

/** Crown for 1-3, star for 4-5, then the number. */
export function RankingRank({ rank }: { rank: number }) {
  return <span className="rank-cell"><RankMark rank={rank} kind="crown" stars />{rank}</span>;
}

/** The desktop ranking table: the 12 columns of spec §2 Rankings. */
export function RankingTable({ rows, loading }: { rows: RankingEntry[]; loading: boolean }) {
  const c = t.columns;
  return (
    <div className="stats-panel stats-table-wrap">
      <table className="stats-table ranking-table" aria-busy={loading} data-testid="ranking-table">
        <thead>
          <tr>
            <th scope="col" className="cell-center">{c.rank}</th>
            <th scope="col" className="cell-start">{c.nickname}</th>
            <th scope="col" className="cell-start">{c.clan}</th>
            <th scope="col">{c.rating}</th>
            <th scope="col">{c.matches}</th>
            <th scope="col">{c.wins}</th>
            <th scope="col">{c.losses}</th>
            <th scope="col">{c.draws}</th>
            <th scope="col">{c.winRate}</th>
            <th scope="col">{c.kdRate}</th>
            <th scope="col">{c.avgKills}</th>
            <th scope="col">{c.mvp}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? <SkeletonRows rows={15} columns={12} /> : rows.map((row) => <RankingTableRow key={row.playerId} row={row} />)}
        </tbody>
      </table>
    </div>
  );
}

/** One ranking row; memoised so appending a page renders only the new rows. */
const RankingTableRow = memo(function RankingTableRow({ row }: { row: RankingEntry }) {
  return (
    <tr className={row.rank <= 3 ? 'row--podium' : undefined} data-testid="ranking-row">
      <td className="cell-center"><RankingRank rank={row.rank} /></td>
      <th scope="row" className="cell-start">
        <Link className="name-cell" to={`/sal/player/${encodeURIComponent(row.playerId)}`}>
          <ClanLogo slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} size={22} />
          <span className="name-cell__text">{row.nickname}</span>
        </Link>
      </th>
      <td className="cell-start ranking-table__clan">{row.clanName ?? t.common.unaffiliated}</td>
      <td><strong>{formatNumber(row.rating)}</strong></td>
      <td>{formatNumber(row.matches)}</td>
      <td>{formatNumber(row.win)}</td>
      <td>{formatNumber(row.lose)}</td>
      <td>{formatNumber(row.draw)}</td>
      <td><Coloured value={row.winRate} colour={rankingWinRateColour} format={(value) => formatPercent(value)} /></td>
      <td><Coloured value={row.kd} colour={rankingKdColour} format={(value) => formatPercent(value)} /></td>
      <td><Coloured value={row.killPerMatch} colour={averageKillsColour} format={(value) => formatRatio(value, 1)} /></td>
      <td>{formatNumber(row.mvpCount)}</td>
    </tr>
  );
});
