import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { clanPath } from '../../lib/league-links';
import { describeLeagueContext } from '../../lib/league-context';
import {
  NameLink, ResultChip, STATS_MOBILE_QUERY, StatusMessage, TimeAgo, isIngestUpdating, leagueLabel,
  useProxyErrorRedirect,
} from '../../ui/stats';
import type { ProxyClanDetailResponse, ProxyClanMatch } from './api-types';
import {
  clanKeys, clanMembersQuery, clanRatingHistoryQuery, proxyClanDetailQuery, proxyClanMatchesQuery,
} from './clan-queries';
import { headerFromProxyDetail, matchRowFromProxy, type ClanHeaderView } from './clan-view';
import { ClanErrorMessage, ClanTrail, RatingHistoryPanel, RecentResultsPanel, TopOpponentsPanel } from './ClanSections';
import { ClanPageSkeleton } from './PageSkeleton';
import { ClanHeader } from './ClanHeader';
import { ClanInfoDialog } from './ClanInfoDialog';
import { requestClanRefresh } from './clan-refresh';
import { StaticPanel } from './CollapsiblePanel';
import { LoadMoreButton } from './LoadMoreButton';
import { MatchList } from './matches/MatchList';
import { uniqueMatches } from './matches/match-adapters';
import { usePrefetchMatchDetails } from './matches/match-queries';
import { MemberList } from './MemberList';
import { proxyMatchDetailQuery } from './matches/proxy-match-detail';
import './clan.css';

const t = ko.clanPlayer;

/** Opponents shown in the proxy variant's recent-opponents list. */
const RECENT_OPPONENTS = 5;

/**
 * Clan detail, proxy reading: /league/{division}/clan/{clanId} on the /api/proxy/... calls. A 403 shows the app-id text
 * (docs/product/clans.md#clan-page-states); other failures go to the login or error page like every proxy-variant page.
 */
export function ProxyClanPage({ division, clanId }: { division: string; clanId: string }) {
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const queryClient = useQueryClient();
  const detail = useQuery(proxyClanDetailQuery(division, clanId));
  // The answer names the clan's league by slug whatever the division key of the address ('supply', '27'), so the
  // league-name calls (members, rating history, head-to-head) read the same league and clan.
  const clanLeague = detail.data?.data.clan.division ?? '';
  const clanSlug = detail.data?.data.clan.slug ?? clanId;
  const members = useQuery({ ...clanMembersQuery(clanLeague, clanSlug), enabled: clanLeague !== '' });
  const history = useQuery({
    ...clanRatingHistoryQuery(clanLeague, clanSlug), enabled: clanLeague !== '', select: (response) => response.data.history, retry: false,
  });
  const [infoOpen, setInfoOpen] = useState(false);
  const isAuthError = detail.error instanceof ApiError && detail.error.status === 403;
  useProxyErrorRedirect(isAuthError ? null : detail.error);
  useDocumentTitle(detail.data?.data.clan.name ?? t.clan.titleFallback);

  if (detail.isPending) return <ClanPageSkeleton />;
  if (detail.isError) return <div className="clan-page"><ClanErrorMessage error={detail.error} /></div>;

  const data = detail.data.data;
  // The proxy answer has no rating extremes; the basic-info dialog takes them from the rating history.
  const header = { ...headerFromProxyDetail(data, leagueLabel(data.clan.division)), peak: history.data?.peak ?? null, lowest: history.data?.lowest ?? null };
  const handleRefresh = async () => {
    const message = await requestClanRefresh(data.clan.division, data.clan.slug);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: clanKeys.proxyDetail(division, clanId) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: clanKeys.proxyMatches(data.league_clan.id) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: clanKeys.members(clanLeague, clanSlug) }, { throwOnError: true }),
      queryClient.invalidateQueries({ queryKey: clanKeys.ratingHistory(clanLeague, clanSlug) }, { throwOnError: true }),
    ]);
    return message;
  };

  return (
    <div className="clan-page" data-variant="proxy">
      <ClanTrail clan={header} />
      <ClanHeader clan={header} onRefresh={handleRefresh} onShowInfo={() => setInfoOpen(true)} />
      <RecentResultsPanel results={header.recentResults} live={describeLeagueContext(header.context).live} />
      <TopOpponentsPanel clan={header} headToHead />
      <RecentOpponents matches={data.matches.data} league={header.league} />
      <RatingHistoryPanel history={history} storageKey="clan.ratingHistory" />
      <ProxyClanMatches detail={data} clan={header} isMobile={isMobile} />
      <MemberList league={header.league} slug={header.slug} isMobile={isMobile} />
      <ClanInfoDialog clan={header} memberCount={members.data?.total ?? null} open={infoOpen} onClose={() => setInfoOpen(false)} />
    </div>
  );
}

/** The proxy variant's recent opponents: the latest clans played, each with the last result, or 'no record'. */
function RecentOpponents({ matches, league }: { matches: readonly ProxyClanMatch[]; league: string }) {
  const latest = new Map<string, ProxyClanMatch>();
  for (const match of matches) {
    if (latest.size >= RECENT_OPPONENTS) break;
    if (!latest.has(match.opponent.clan.slug)) latest.set(match.opponent.clan.slug, match);
  }
  return (
    <StaticPanel title={t.clan.recentOpponentsTitle} testId="recent-opponents">
      {latest.size === 0 ? <p className="clan-panel__empty muted">{t.clan.noRecord}</p> : (
        <ul className="recent-opponents">
          {[...latest.values()].map((match) => (
            <li key={match.opponent.clan.slug}>
              <NameLink to={clanPath(league, match.opponent.clan.slug)} slug={match.opponent.clan.slug} markBg={match.opponent.clan.mark_bg} markFront={match.opponent.clan.mark_front} logoSize={22}>
                {match.opponent.clan.name}
              </NameLink>
              {match.result ? <ResultChip result={match.result} /> : <span className="muted">{t.match.recording}</span>}
              <span className="muted"><TimeAgo at={match.start_at} /></span>
            </li>
          ))}
        </ul>
      )}
    </StaticPanel>
  );
}

type ProxyClanData = ProxyClanDetailResponse['data'];

/** The cursor-paged match list; its first page comes with the clan detail. */
function ProxyClanMatches({ detail, clan, isMobile }: { detail: ProxyClanData; clan: ClanHeaderView; isMobile: boolean }) {
  const matches = useInfiniteQuery({
    ...proxyClanMatchesQuery(detail.league_clan.id),
    initialData: { pages: [{ message: 'success' as const, ...detail.matches }], pageParams: [undefined] },
  });
  const pages = matches.data.pages;
  const items = useMemo(() => uniqueMatches(pages.flatMap((page) => page.data), (item) => item.id), [pages]);
  const divisionKeys = useMemo(() => new Map(items.map((item) => [item.id, item.division_key])), [items]);
  const detailQuery = useMemo(
    () => proxyMatchDetailQuery((matchId) => divisionKeys.get(matchId) ?? detail.clan.division),
    [divisionKeys, detail.clan.division],
  );
  const currentPage = pages[pages.length - 1];
  usePrefetchMatchDetails(currentPage?.data.filter((item) => item.status !== 'recording').map((item) => item.id) ?? [], detailQuery);
  const rows = useMemo(() => items.map(matchRowFromProxy), [items]);

  let body;
  if (rows.length === 0) {
    body = <StatusMessage kind="empty">{isIngestUpdating(clan.ingest) ? t.match.noMatchesUpdating : t.match.noMatches}</StatusMessage>;
  } else {
    body = (
      <>
        <MatchList rows={rows} detailQuery={detailQuery} league={clan.league} isMobile={isMobile} variant="clan" />
        <LoadMoreButton hasMore={matches.hasNextPage} loading={matches.isFetchingNextPage} onLoadMore={() => void matches.fetchNextPage()} />
      </>
    );
  }
  return <StaticPanel title={t.match.listTitle} aside={t.match.loadedCount(rows.length)} testId="clan-matches">{body}</StaticPanel>;
}
