import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { StandingRow } from '@shared/contracts/league';
import { ko } from '../../i18n/ko';
import { clanPath } from '../../lib/league-links';
import { standingsScoreColour, standingsWinRateColour } from '../../lib/colour-bands';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { useRenderedInPieces } from '../../ui/hooks/use-rendered-in-pieces';
import { useSearchParam } from '../../ui/hooks/use-search-param';
import {
  Breadcrumbs, ClanLogo, NameLink, PlacementBadge, STATS_MOBILE_QUERY, SkeletonCards, SkeletonFrame, SkeletonRows, SortHeader, SortSelect,
  TableScroll, Tone, UpdatingBadge, formatNumber, formatPercent, leagueTrail, useTableSort,
  type SortColumns, type TableSort,
} from '../../ui/stats';
import { ClanNameFilter } from './ClanNameFilter';
import { EloExplainer } from './EloExplainer';
import { LeagueNav } from './LeagueNav';
import { LeagueEmpty, LeagueError } from './LeagueStatus';
import { RankCell, podiumClass } from './RankCell';
import { CLAN_FILTER_PARAM, STANDINGS_LEAGUE, TABLE_SORT_PARAM, filterByClanName, standingsQuery } from './league-queries';
import './league.css';

const t = ko.stats;
const c = t.columns;

/** A standings card's height on phones (rank, clan with badges, three figures), for its skeleton. */
const STANDINGS_CARD_HEIGHT = 103;

/** The standings' sortable columns; their own order is the rank. */
const COLUMNS: SortColumns<StandingRow> = {
  rank: { value: (row) => row.rank, firstDirection: 'asc' },
  clan: { value: (row) => row.clanName, firstDirection: 'asc' },
  score: { value: (row) => row.score, firstDirection: 'desc' },
  wins: { value: (row) => row.wins, firstDirection: 'desc' },
  totalMatches: { value: (row) => row.totalMatches, firstDirection: 'desc' },
  winRate: { value: (row) => row.winRate, firstDirection: 'desc' },
};
const BY_RANK = { column: 'rank', direction: 'asc' } as const;

/**
 * /league/sal-beginner: the beginner league standings (docs/product/leagues.md#standings-page) in the server's order, a
 * desktop table and phone cards, with placement and 'updating' badges and the Elo explainer. The name filter and the
 * sort live in the address (?q=, ?sort=), so a reload or a shared link keeps them.
 */
export default function StandingsPage() {
  useDocumentTitle(t.league.standingsTitle);
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const [filter, setFilter] = useSearchParam(CLAN_FILTER_PARAM);
  const standings = useQuery(standingsQuery(STANDINGS_LEAGUE));
  const filtered = standings.data ? filterByClanName(standings.data, filter ?? '', (row) => row.clanName) : [];
  const table = useTableSort(TABLE_SORT_PARAM, filtered, COLUMNS, BY_RANK);

  return (
    <div className="league-page">
      <Breadcrumbs items={leagueTrail(STANDINGS_LEAGUE)} />
      <LeagueNav />
      <header className="league-page__head">
        <h1>{t.league.standingsTitle}</h1>
        <p className="muted">{t.league.standingsIntro}</p>
      </header>
      <EloExplainer />
      <div className="league-tools">
        <ClanNameFilter value={filter ?? ''} onChange={(value) => setFilter(value)} />
        {isMobile && <SortSelect table={table} labels={CARD_SORT_LABELS} />}
      </div>
      {standings.isError && <LeagueError error={standings.error} />}
      {standings.isSuccess && filtered.length === 0 && <LeagueEmpty />}
      {(standings.isPending || filtered.length > 0) && (
        <SkeletonFrame loading={standings.isPending} text={t.league.loading}>
          {isMobile ? <StandingsCards table={table} loading={standings.isPending} /> : <StandingsTable table={table} loading={standings.isPending} />}
        </SkeletonFrame>
      )}
    </div>
  );
}

function ClanBadges({ row }: { row: StandingRow }) {
  return (
    <>
      <PlacementBadge matches={row.totalMatches} />
      <UpdatingBadge ingest={row.ingest} />
    </>
  );
}

function WinRate({ value }: { value: number | null }) {
  return value === null ? <>{formatPercent(null)}</> : <Tone colour={standingsWinRateColour(value)}>{formatPercent(value)}</Tone>;
}

function StandingsTable({ table, loading }: { table: TableSort<StandingRow>; loading: boolean }) {
  return (
    <div className="stats-panel">
      <TableScroll>
        <table className="stats-table league-table" aria-busy={loading} data-testid="standings-table">
          <thead>
            <tr>
              <SortHeader table={table} column="rank" className="cell-center">{c.rank}</SortHeader>
              <SortHeader table={table} column="clan" className="cell-start">{c.clan}</SortHeader>
              <SortHeader table={table} column="score">{c.score}</SortHeader>
              <SortHeader table={table} column="wins">{c.record}</SortHeader>
              <SortHeader table={table} column="totalMatches">{c.totalMatches}</SortHeader>
              <SortHeader table={table} column="winRate">{c.winRate}</SortHeader>
            </tr>
          </thead>
          <tbody>
            {loading ? <SkeletonRows rows={12} columns={6} /> : table.rows.map((row) => (
              <tr key={row._id} className={podiumClass(row.rank)} data-testid="standings-row">
                <td className="cell-center"><RankCell rank={row.rank} /></td>
                <th scope="row" className="cell-start">
                  <span className="league-clan">
                    <NameLink to={clanPath(row.leagueName, row.clanSlug)} slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front}>
                      {row.clanName}
                    </NameLink>
                    <ClanBadges row={row} />
                  </span>
                </th>
                <td><Tone colour={standingsScoreColour(row.score)}>{formatNumber(row.score)}</Tone></td>
                <td>{t.common.recordWithDraws(row.wins, row.losses, row.draws)}</td>
                <td>{formatNumber(row.totalMatches)}</td>
                <td><WinRate value={row.winRate} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

const CARD_SORT_LABELS = { rank: c.rank, score: c.score, winRate: c.winRate, totalMatches: c.totalMatches, clan: c.clanName };

/** The phone standings: one card per clan, rendered in pieces. */
function StandingsCards({ table, loading }: { table: TableSort<StandingRow>; loading: boolean }) {
  const shown = useRenderedInPieces(table.rows);
  if (loading) return <SkeletonCards count={8} height={STANDINGS_CARD_HEIGHT} />;
  return (
    <ol className="card-list" data-testid="standings-cards">
      {shown.map((row) => <StandingsCard key={row._id} row={row} />)}
    </ol>
  );
}

/** One standings card; memoised so each further piece renders only its own cards. */
const StandingsCard = memo(function StandingsCard({ row }: { row: StandingRow }) {
  return (
    <li className={['row-card league-row-card', podiumClass(row.rank)].filter(Boolean).join(' ')} data-testid="standings-row">
      <RankCell rank={row.rank} />
      <Link className="league-row-card__clan" to={clanPath(row.leagueName, row.clanSlug)}>
        <ClanLogo slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} size={36} />
        <span className="league-row-card__name">{row.clanName}</span>
      </Link>
      <span className="league-row-card__badges"><ClanBadges row={row} /></span>
      <dl className="league-row-card__stats">
        <div><dt>{c.score}</dt><dd><Tone colour={standingsScoreColour(row.score)}>{formatNumber(row.score)}</Tone></dd></div>
        <div><dt>{c.record}</dt><dd>{t.common.recordWithDraws(row.wins, row.losses, row.draws)}</dd></div>
        <div><dt>{c.winRate}</dt><dd><WinRate value={row.winRate} /></dd></div>
      </dl>
    </li>
  );
});
