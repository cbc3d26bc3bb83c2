import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { STATS_MOBILE_QUERY, SkeletonFrame, leagueLabel, leagueSubtitle, retryUnlessClientError } from '../../ui/stats';
import { ClanNameFilter } from './ClanNameFilter';
import { DivisionTable } from './DivisionTable';
import { LeagueClanList } from './LeagueClanList';
import { LeagueEmpty, LeagueError } from './LeagueStatus';
import StandingsPage from './StandingsPage';
import {
  STANDINGS_LEAGUE, fetchLeagueClans, fetchLeagueSummary, filterByClanName, isSummaryDivision, leagueKeys,
} from './league-queries';
import './league.css';

const t = ko.stats.league;

/**
 * /league/{leagueName}: the beginner standings for sal-beginner; for supply-1, supply-2 and sanply the division
 * table with a switch to the clan list variant (?view=list); for any other name the clan list variant alone.
 */
export default function LeaguePage() {
  const { leagueName = '' } = useParams();
  if (leagueName === STANDINGS_LEAGUE) return <StandingsPage />;
  return <DivisionPage key={leagueName} league={leagueName} />;
}

function DivisionPage({ league }: { league: string }) {
  const hasSummary = isSummaryDivision(league);
  const [params] = useSearchParams();
  const view = hasSummary && params.get('view') !== 'list' ? 'table' : 'list';
  const title = leagueLabel(league);
  const subtitle = leagueSubtitle(league);
  useDocumentTitle(title);

  return (
    <div className="league-page">
      <header className="league-page__head">
        <h1>{title}{subtitle && <span className="league-page__subtitle">{subtitle}</span>}</h1>
      </header>
      {hasSummary && (
        <nav className="stats-tabs" aria-label={t.viewLabel}>
          <Link to={`/league/${encodeURIComponent(league)}`} replace aria-current={view === 'table' ? 'page' : undefined}>{t.viewTable}</Link>
          <Link to={`/league/${encodeURIComponent(league)}?view=list`} replace aria-current={view === 'list' ? 'page' : undefined}>{t.viewList}</Link>
        </nav>
      )}
      {view === 'table' ? <SummaryView league={league} /> : <ClanListView league={league} />}
    </div>
  );
}

function SummaryView({ league }: { league: string }) {
  const compact = useMediaQuery(STATS_MOBILE_QUERY);
  const [filter, setFilter] = useState('');
  const summary = useQuery({ queryKey: leagueKeys.summary(league), queryFn: ({ signal }) => fetchLeagueSummary(league, signal), retry: retryUnlessClientError });
  const rows = summary.data ? filterByClanName(summary.data, filter, (row) => row.clan.name) : [];
  return (
    <>
      <ClanNameFilter value={filter} onChange={setFilter} />
      {summary.isError && <LeagueError error={summary.error} />}
      {summary.isSuccess && rows.length === 0 && <LeagueEmpty />}
      {(summary.isPending || rows.length > 0) && (
        <SkeletonFrame loading={summary.isPending} text={t.loading}>
          <DivisionTable league={league} rows={rows} loading={summary.isPending} compact={compact} />
        </SkeletonFrame>
      )}
    </>
  );
}

function ClanListView({ league }: { league: string }) {
  const [filter, setFilter] = useState('');
  const clans = useQuery({ queryKey: leagueKeys.clans(league), queryFn: ({ signal }) => fetchLeagueClans(league, signal), retry: retryUnlessClientError });
  const rows = clans.data ? filterByClanName(clans.data, filter, (row) => row.clanName) : [];
  return (
    <>
      <ClanNameFilter value={filter} onChange={setFilter} />
      {clans.isError && <LeagueError error={clans.error} />}
      {clans.isSuccess && rows.length === 0 && <LeagueEmpty />}
      {(clans.isPending || rows.length > 0) && (
        <SkeletonFrame loading={clans.isPending} text={t.loading}>
          <LeagueClanList league={league} rows={rows} loading={clans.isPending} />
        </SkeletonFrame>
      )}
    </>
  );
}
