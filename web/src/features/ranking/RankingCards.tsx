import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { RankingEntry } from '@shared/contracts/rankings';
import { ko } from '../../i18n/ko';
import { rankingKdColour, rankingWinRateColour } from '../../lib/colour-bands';
import { playerPath } from '../../lib/league-links';
import { ClanLogo, SkeletonCards, formatNumber, formatPercent } from '../../ui/stats';
import { Coloured, RankingRank } from './RankingTable';

const t = ko.stats;

/** A ranking card's height on phones, for its skeleton. */
const RANKING_CARD_HEIGHT = 103;

/** The phone ranking: one card per player with rank, clan, rating, record, win rate and K/D %. */
export function RankingCards({ rows, loading }: { rows: readonly RankingEntry[]; loading: boolean }) {
  if (loading) return <SkeletonCards count={8} height={RANKING_CARD_HEIGHT} />;
  return (
    <ol className="card-list" data-testid="ranking-cards">
      {rows.map((row) => <RankingCard key={row.playerId} row={row} />)}
    </ol>
  );
}

/** One ranking card; memoised so appending a page renders only the new cards. */
const RankingCard = memo(function RankingCard({ row }: { row: RankingEntry }) {
  return (
    <li className={row.rank <= 3 ? 'row-card ranking-card row--podium' : 'row-card ranking-card'} data-testid="ranking-row">
      <RankingRank rank={row.rank} />
      <Link className="ranking-card__player" to={playerPath(row.playerId, row.leagueName)}>
        <ClanLogo slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} size={32} />
        <span className="ranking-card__names">
          <strong>{row.nickname}</strong>
          <span className="muted">{row.clanName ?? t.common.unaffiliated}</span>
        </span>
      </Link>
      <strong className="ranking-card__rating">{formatNumber(row.rating)}</strong>
      <dl className="ranking-card__stats">
        <div><dt>{t.columns.record}</dt><dd>{t.ranking.cardRecord(row.win, row.lose, row.draw)}</dd></div>
        <div><dt>{t.columns.winRate}</dt><dd><Coloured value={row.winRate} colour={rankingWinRateColour} format={(value) => formatPercent(value)} /></dd></div>
        <div><dt>{t.columns.kdRate}</dt><dd><Coloured value={row.kd} colour={rankingKdColour} format={(value) => formatPercent(value)} /></dd></div>
      </dl>
    </li>
  );
});
