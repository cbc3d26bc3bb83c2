import { MATCH_LIST_PAGE_SIZES } from '@shared/rules/match-lists';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { AfterFirstScreen } from '../../ui/layout/AfterFirstScreen';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { describeLeagueContext } from '../../lib/league-context';
import {
  STATS_MOBILE_QUERY, StatusMessage, isIngestUpdating, listTotalLine,
} from '../../ui/stats';
import {
  clanDetailQuery, clanKeys, clanMatchesQuery, clanMembersQuery, clanRatingHistoryQuery,
} from './clan-queries';
import { headerFromLeagueDetail, type ClanHeaderView } from './clan-view';
import type { ClanBreakdownResponse } from '@shared/contracts/breakdowns';
import { ClanErrorMessage, ClanTrail, RatingHistoryPanel, RecentResultsPanel, TopOpponentsPanel } from './ClanSections';
import { ClanPageSkeleton } from './PageSkeleton';
import { ClanHeader } from './ClanHeader';
import { ClanInfoDialog } from './ClanInfoDialog';
import { requestClanRefresh } from './clan-refresh';
import { StaticPanel } from './CollapsiblePanel';
import { LoadMoreButton } from './LoadMoreButton';
import { MatchList } from './matches/MatchList';
import { matchRowFromItem, uniqueMatches } from './matches/match-adapters';
import { leagueMatchDetailQuery, usePrefetchMatchDetails } from './matches/match-queries';
import { MemberList } from './MemberList';
import { PlayerWinRates } from './PlayerWinRates';
import { ClanMapsPanel } from '../breakdowns/BreakdownPanels';
import { breakdownKeys, clanBreakdownQuery } from '../breakdowns/breakdown-queries';
import { MatchFilterBar } from '../match-filters/MatchFilterBar';
import { activeFilterCount } from '../match-filters/match-filter-params';
import { useMatchFilter, useShowMapMatches } from '../match-filters/use-match-filter';
import './clan.css';

const t = ko.clanPlayer;

type ClanBreakdownData = ClanBreakdownResponse['data'];

/** The match list's element id: the map panel brings it into view. */
const MATCH_LIST_ID = 'clan-match-list';

/** Clan detail, league-name reading: /league/{league}/clan/{clanSlug} on the /api/league/... calls. */
export function LeagueClanPage({ league, slug }: { league: string; slug: string }) {
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const queryClient = useQueryClient();
  const detail = useQuery(clanDetailQuery(league, slug));
  const [infoOpen, setInfoOpen] = useState(false);
  useDocumentTitle(detail.data?.data.clan.name ?? t.clan.titleFallback);

  if (detail.isPending) return <ClanPageSkeleton />;
  if (detail.isError) return <div className="clan-page"><ClanErrorMessage error={detail.error} /></div>;

  const header = headerFromLeagueDetail(detail.data.data);
  const { live } = describeLeagueContext(header.context);
  const handleRefresh = async () => {
    const message = await requestClanRefresh(league, slug);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: clanKeys.detail(league, slug) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: clanKeys.matchesOf(league, slug) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: clanKeys.members(league, slug) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: clanKeys.ratingHistory(league, slug) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: breakdownKeys.clan(league, slug) }, { throwOnError: true }),
    ]);
    return message;
  };

  return (
    <div className="clan-page" data-variant="league">
      <ClanTrail clan={header} />
      <ClanHeader clan={header} onRefresh={handleRefresh} onShowInfo={() => setInfoOpen(true)} />
      <RecentResultsPanel results={header.recentResults} live={live} />
      <TopOpponentsPanel clan={header} headToHead />
      <AfterFirstScreen>
        <PlayerWinRates players={detail.data.data.match_summary.player_summaries} clanSlug={slug} league={league} isMobile={isMobile} />
        <ClanRatingHistory league={league} slug={slug} />
        <ClanBreakdownSections league={league} clan={header} isMobile={isMobile} />
        <MemberList league={league} slug={slug} isMobile={isMobile} />
      </AfterFirstScreen>
      <LeagueClanInfoDialog league={league} clan={header} open={infoOpen} onClose={() => setInfoOpen(false)} />
    </div>
  );
}

/*
 * Each read below lives in the section that shows it, so an answer re-renders that section alone, not the page
 * (the clan's five first answers arrive together: docs/decisions.md "Phones: the first screen first").
 */

function ClanRatingHistory({ league, slug }: { league: string; slug: string }) {
  const history = useQuery({ ...clanRatingHistoryQuery(league, slug), select: (response) => response.data.history, retry: false });
  return <RatingHistoryPanel history={history} storageKey="clan.ratingHistory" />;
}

/** The basic-info dialog, with the member count of the member list's answer. */
function LeagueClanInfoDialog({ league, clan, open, onClose }: {
  league: string; clan: ClanHeaderView; open: boolean; onClose: () => void;
}) {
  const members = useQuery(clanMembersQuery(league, clan.slug));
  return <ClanInfoDialog clan={clan} memberCount={members.data?.total ?? null} open={open} onClose={onClose} />;
}

/** Results by map, and the filtered match list whose choices they give. */
function ClanBreakdownSections({ league, clan, isMobile }: { league: string; clan: ClanHeaderView; isMobile: boolean }) {
  const breakdown = useQuery(clanBreakdownQuery(league, clan.slug));
  const showMapMatches = useShowMapMatches(MATCH_LIST_ID);
  return (
    <>
      <ClanMapsPanel breakdown={breakdown} league={league} isMobile={isMobile} onPickMap={showMapMatches} />
      <LeagueClanMatches league={league} clan={clan} isMobile={isMobile} choices={breakdown.data} />
    </>
  );
}

/**
 * The skip-paged match list: 10 a page on phones, 20 on desktops; load more appends older matches. The filters
 * over it (map, result, opponent, days) live in the address; the server answers the filtered list.
 */
function LeagueClanMatches({ league, clan, isMobile, choices }: {
  league: string; clan: ClanHeaderView; isMobile: boolean; choices: ClanBreakdownData | undefined;
}) {
  const pageSize = isMobile ? MATCH_LIST_PAGE_SIZES.mobile : MATCH_LIST_PAGE_SIZES.desktop;
  const [filter, setFilter] = useMatchFilter();
  const matches = useInfiniteQuery(clanMatchesQuery(league, clan.slug, pageSize, filter));
  const detailQuery = useMemo(() => leagueMatchDetailQuery(clan.slug), [clan.slug]);
  const pages = matches.data?.pages ?? [];
  const rows = useMemo(() => uniqueMatches(pages.flatMap((page) => page.data.map(matchRowFromItem)), (row) => row.id), [pages]);
  const currentPage = pages[pages.length - 1];
  usePrefetchMatchDetails(currentPage?.data.filter((item) => !item.recording).map((item) => item.matchId) ?? [], detailQuery);

  useEffect(() => {
    // A failed match load is only logged (docs/product/clans.md#match-list-paging).
    if (matches.error) console.error(matches.error);
  }, [matches.error]);

  const first = pages[0];
  const aside = first ? <span title={t.match.listPartsTitle}>{listTotalLine(rows.length, first.total, first.counts)}</span> : null;
  let body;
  const filtered = activeFilterCount(filter) > 0;
  if (matches.isPending) body = <div className="skeleton-card clan-skeleton--matches" aria-hidden="true" />;
  else if (matches.isError && rows.length === 0 && filtered) body = <ClanErrorMessage error={matches.error} />;
  else if (rows.length === 0 && matches.isSuccess) {
    let empty: string = t.match.noMatches;
    if (filtered) empty = ko.reader.filters.empty;
    else if (isIngestUpdating(clan.ingest)) empty = t.match.noMatchesUpdating;
    body = <StatusMessage kind="empty">{empty}</StatusMessage>;
  } else {
    body = (
      <>
        <MatchList rows={rows} detailQuery={detailQuery} league={league} isMobile={isMobile} variant="clan" />
        <LoadMoreButton hasMore={matches.hasNextPage} loading={matches.isFetchingNextPage} onLoadMore={() => void matches.fetchNextPage()} />
      </>
    );
  }
  return (
    <StaticPanel title={t.match.listTitle} aside={aside} testId="clan-matches" id={MATCH_LIST_ID}>
      <MatchFilterBar filter={filter} onChange={setFilter} choices={choices} />
      {body}
    </StaticPanel>
  );
}
