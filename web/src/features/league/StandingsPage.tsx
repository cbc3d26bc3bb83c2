import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StandingRow } from '../../../../server/contracts/league';
import { ko } from '../../i18n/ko';
import { standingsScoreColour, standingsWinRateColour } from '../../lib/colour-bands';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import {
  ClanLogo, PlacementBadge, STATS_MOBILE_QUERY, SkeletonCards, SkeletonFrame, SkeletonRows, Tone, UpdatingBadge,
  formatNumber, formatPercent, retryUnlessClientError,
} from '../../ui/stats';
import { ClanNameFilter } from './ClanNameFilter';
import { EloExplainer } from './EloExplainer';
import { LeagueEmpty, LeagueError } from './LeagueStatus';
import { RankCell, podiumClass } from './RankCell';
import { STANDINGS_LEAGUE, clanPath, fetchStandings, filterByClanName, leagueKeys } from './league-queries';
import './league.css';

const t = ko.stats;

/** A standings card's height on phones (rank, clan with badges, three figures), for its skeleton. */
const STANDINGS_CARD_HEIGHT = 103;

/**
 * /league/sal-beginner: the beginner league standings (spec §2) in the server's order, a desktop table and
 * phone cards, with placement and 'updating' badges and the Elo explainer.
 */
export default function StandingsPage() {
  useDocumentTitle(t.league.standingsTitle);
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const [filter, setFilter] = useState('');
  const standings = useQuery({
    queryKey: leagueKeys.standings(STANDINGS_LEAGUE),
    queryFn: ({ signal }) => fetchStandings(STANDINGS_LEAGUE, signal),
    retry: retryUnlessClientError,
  });
  const rows = standings.data ? filterByClanName(standings.data, filter, (row) => row.clanName) : [];

  return (
    <div className="league-page">
      <header className="league-page__head">
        <h1>{t.league.standingsTitle}</h1>
        <p className="muted">{t.league.standingsIntro}</p>
      </header>
      <EloExplainer />
      <ClanNameFilter value={filter} onChange={setFilter} />
      {standings.isError && <LeagueError error={standings.error} />}
      {standings.isSuccess && rows.length === 0 && <LeagueEmpty />}
      {(standings.isPending || rows.length > 0) && (
        <SkeletonFrame loading={standings.isPending} text={t.league.loading}>
          {isMobile ? <StandingsCards rows={rows} loading={standings.isPending} /> : <StandingsTable rows={rows} loading={standings.isPending} />}
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

function StandingsTable({ rows, loading }: { rows: StandingRow[]; loading: boolean }) {
  const c = t.columns;
  return (
    <div className="stats-panel stats-table-wrap">
      <table className="stats-table league-table" aria-busy={loading} data-testid="standings-table">
        <thead>
          <tr>
            <th scope="col" className="cell-center">{c.rank}</th>
            <th scope="col" className="cell-start">{c.clan}</th>
            <th scope="col">{c.score}</th>
            <th scope="col">{c.record}</th>
            <th scope="col">{c.totalMatches}</th>
            <th scope="col">{c.winRate}</th>
          </tr>
        </thead>
        <tbody>
          {loading ? <SkeletonRows rows={12} columns={6} /> : rows.map((row) => (
            <tr key={row._id} className={podiumClass(row.rank)} data-testid="standings-row">
              <td className="cell-center"><RankCell rank={row.rank} /></td>
              <th scope="row" className="cell-start">
                <span className="league-clan">
                  <Link className="name-cell" to={clanPath(row.leagueName, row.clanSlug)}>
                    <ClanLogo slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} />
                    <span className="name-cell__text">{row.clanName}</span>
                  </Link>
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
    </div>
  );
}

function StandingsCards({ rows, loading }: { rows: StandingRow[]; loading: boolean }) {
  if (loading) return <SkeletonCards count={8} height={STANDINGS_CARD_HEIGHT} />;
  return (
    <ol className="league-cards-list" data-testid="standings-cards">
      {rows.map((row) => (
        <li key={row._id} className={['league-row-card', podiumClass(row.rank)].filter(Boolean).join(' ')} data-testid="standings-row">
          <RankCell rank={row.rank} />
          <Link className="league-row-card__clan" to={clanPath(row.leagueName, row.clanSlug)}>
            <ClanLogo slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} size={36} />
            <span className="league-row-card__name">{row.clanName}</span>
          </Link>
          <span className="league-row-card__badges"><ClanBadges row={row} /></span>
          <dl className="league-row-card__stats">
            <div><dt>{t.columns.score}</dt><dd><Tone colour={standingsScoreColour(row.score)}>{formatNumber(row.score)}</Tone></dd></div>
            <div><dt>{t.columns.record}</dt><dd>{t.common.recordWithDraws(row.wins, row.losses, row.draws)}</dd></div>
            <div><dt>{t.columns.winRate}</dt><dd><WinRate value={row.winRate} /></dd></div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
