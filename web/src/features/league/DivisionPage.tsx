import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { useSearchParam } from '../../ui/hooks/use-search-param';
import {
  Breadcrumbs, STATS_MOBILE_QUERY, SkeletonFrame, SortSelect, leagueLabel, leagueSubtitle, leagueTrail,
  useTableSort,
} from '../../ui/stats';
import { ClanNameFilter } from './ClanNameFilter';
import { DIVISION_COLUMNS, DIVISION_SORT_LABELS, DivisionTable } from './DivisionTable';
import { CLAN_LIST_COLUMNS, LeagueClanList } from './LeagueClanList';
import { LeagueNav } from './LeagueNav';
import { LeagueEmpty, LeagueError } from './LeagueStatus';
import StandingsPage from './StandingsPage';
import {
  CLAN_FILTER_PARAM, STANDINGS_LEAGUE, TABLE_SORT_PARAM, filterByClanName, isSummaryDivision, leagueClansQuery, leagueSummaryQuery,
} from './league-queries';
import './league.css';

const t = ko.stats.league;

/** The league tables' own order: their rank. */
const BY_RANK = { column: 'rank', direction: 'asc' } as const;

/**
 * /league/{leagueName}: the beginner standings for sal-beginner; for supply-1, supply-2 and sanply the division
 * table with a switch to the clan list variant (?view=list); for any other name the clan list variant alone. The
 * view, the name filter (?q=) and the sort (?sort=) are kept in the address.
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
      <Breadcrumbs items={leagueTrail(hasSummary ? league : null).concat(hasSummary ? [] : [{ label: title }])} />
      <LeagueNav />
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
  const [filter, setFilter] = useSearchParam(CLAN_FILTER_PARAM);
  const summary = useQuery(leagueSummaryQuery(league));
  const rows = summary.data ? filterByClanName(summary.data, filter ?? '', (row) => row.clan.name) : [];
  const table = useTableSort(TABLE_SORT_PARAM, rows, DIVISION_COLUMNS, BY_RANK);
  return (
    <>
      <div className="league-tools">
        <ClanNameFilter value={filter ?? ''} onChange={(value) => setFilter(value)} />
        {compact && <SortSelect table={table} labels={DIVISION_SORT_LABELS} />}
      </div>
      {summary.isError && <LeagueError error={summary.error} />}
      {summary.isSuccess && rows.length === 0 && <LeagueEmpty />}
      {(summary.isPending || rows.length > 0) && (
        <SkeletonFrame loading={summary.isPending} text={t.loading}>
          <DivisionTable league={league} table={table} loading={summary.isPending} compact={compact} />
        </SkeletonFrame>
      )}
    </>
  );
}

function ClanListView({ league }: { league: string }) {
  const [filter, setFilter] = useSearchParam(CLAN_FILTER_PARAM);
  const clans = useQuery(leagueClansQuery(league));
  const rows = clans.data ? filterByClanName(clans.data, filter ?? '', (row) => row.clanName) : [];
  const table = useTableSort(TABLE_SORT_PARAM, rows, CLAN_LIST_COLUMNS, BY_RANK);
  return (
    <>
      <ClanNameFilter value={filter ?? ''} onChange={(value) => setFilter(value)} />
      {clans.isError && <LeagueError error={clans.error} />}
      {clans.isSuccess && rows.length === 0 && <LeagueEmpty />}
      {(clans.isPending || rows.length > 0) && (
        <SkeletonFrame loading={clans.isPending} text={t.loading}>
          <LeagueClanList league={league} table={table} loading={clans.isPending} />
        </SkeletonFrame>
      )}
    </>
  );
}
