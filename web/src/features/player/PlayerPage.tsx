import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { STATS_MOBILE_QUERY, StatusMessage } from '../../ui/stats';
import type { PlayerSummaryData } from '../clan/api-types';
import { PageSkeleton } from '../clan/PageSkeleton';
import { CollapsiblePanel, StaticPanel } from '../clan/CollapsiblePanel';
import { LoadMoreButton } from '../clan/LoadMoreButton';
import { MatchList } from '../clan/matches/MatchList';
import { matchRowFromItem, uniqueMatches } from '../clan/matches/match-adapters';
import { leagueMatchDetailQuery, usePrefetchMatchDetails } from '../clan/matches/match-queries';
import type { MatchPlayerView } from '../clan/matches/match-view';
import { OpponentsTable } from '../clan/OpponentsTable';
import { opponentFromRecord } from '../clan/clan-view';
import { PlayerHeader } from './PlayerHeader';
import { PlayerRatingHistory } from './PlayerRatingHistory';
import { PLAYER_MATCH_PAGE_SIZES, playerRecentQuery, playerSummaryQuery } from './player-queries';
import '../clan/clan.css';
import './player.css';

const t = ko.clanPlayer;

/** The spec's texts for a failed player load: 'cannot find user information' for 404, else the server's text. */
function playerErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return t.player.notFound;
  return error instanceof Error && error.message ? error.message : t.common.noData;
}

/** Reading 1, /sal/player/{playerId}?highlight= (the default league). */
export function SalPlayerPage() {
  const { playerId = '' } = useParams();
  return <PlayerPage key={playerId} playerId={playerId} league={null} />;
}

/** Reading 3, /league/{league}/player/{id}: the same page with the figures of the named league. */
export function LeaguePlayerPage() {
  const { league = '', playerId = '' } = useParams();
  return <PlayerPage key={`${league}/${playerId}`} playerId={playerId} league={league} />;
}

/** The player page on the league-name calls: summary, opponents, rating history and recent matches. */
function PlayerPage({ playerId, league }: { playerId: string; league: string | null }) {
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const summary = useQuery(playerSummaryQuery(playerId, league));
  useDocumentTitle(summary.data?.data.nickname ?? t.player.titleFallback);

  if (summary.isPending) return <PageSkeleton className="player-page" blocks={['player-header', 'opponents']} />;
  if (summary.isError) return <div className="player-page"><StatusMessage kind="error">{playerErrorText(summary.error)}</StatusMessage></div>;
  const data = summary.data.data;

  if (!data.hasRecord) {
    return (
      <div className="player-page" data-testid="player-page">
        <PlayerHeader summary={data} isMobile={isMobile} withFigures={false} />
        <section className="stats-panel no-record" data-testid="no-record">
          <h2>{t.player.noRecordTitle}</h2>
          <p className="muted">{t.player.noRecordBody}</p>
        </section>
      </div>
    );
  }

  return (
    <div className="player-page" data-testid="player-page">
      <PlayerHeader summary={data} isMobile={isMobile} withFigures />
      <CollapsiblePanel title={t.player.opponentsTitle} storageKey={`player.opponents.${isMobile ? 'mobile' : 'desktop'}`}
        testId="player-opponents">
        <OpponentsTable opponents={data.opponents.map(opponentFromRecord)} league={data.leagueName} winRateDigits={0} />
      </CollapsiblePanel>
      <PlayerRatingHistory playerId={playerId} league={league} />
      <PlayerMatches playerId={playerId} league={league} summary={data} isMobile={isMobile} />
    </div>
  );
}

/** Recent matches, 10 a page on phones and 20 on desktops, SAL only; the player and ?highlight= stand out. */
function PlayerMatches({ playerId, league, summary, isMobile }: {
  playerId: string; league: string | null; summary: PlayerSummaryData; isMobile: boolean;
}) {
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const pageSize = isMobile ? PLAYER_MATCH_PAGE_SIZES.mobile : PLAYER_MATCH_PAGE_SIZES.desktop;
  const matches = useInfiniteQuery(playerRecentQuery(playerId, league, pageSize));
  const detailQuery = useMemo(() => leagueMatchDetailQuery(summary.clanSlug), [summary.clanSlug]);
  const pages = matches.data?.pages ?? [];
  const rows = useMemo(() => uniqueMatches(pages.flatMap((page) => page.data.map(matchRowFromItem)), (row) => row.id), [pages]);
  const currentPage = pages[pages.length - 1];
  usePrefetchMatchDetails(currentPage?.data.filter((item) => !item.recording).map((item) => item.matchId) ?? [], detailQuery);
  const isHighlighted = useCallback(
    (player: MatchPlayerView) => player.playerId === playerId || (highlight !== null && player.nickname === highlight),
    [playerId, highlight],
  );

  useEffect(() => {
    if (matches.error) console.error(matches.error);
  }, [matches.error]);

  const total = pages[0]?.total;
  let body;
  if (matches.isPending) body = <div className="skeleton-card clan-skeleton--matches" aria-hidden="true" />;
  else if (matches.isError && rows.length === 0) body = <StatusMessage kind="error">{playerErrorText(matches.error)}</StatusMessage>;
  else if (rows.length === 0) body = <StatusMessage kind="empty">{t.match.noRecent}</StatusMessage>;
  else {
    body = (
      <>
        <MatchList rows={rows} detailQuery={detailQuery} league={summary.leagueName} isMobile={isMobile} variant="player"
          isHighlighted={isHighlighted} />
        <LoadMoreButton hasMore={matches.hasNextPage} loading={matches.isFetchingNextPage} onLoadMore={() => void matches.fetchNextPage()} />
      </>
    );
  }
  return (
    <StaticPanel title={t.player.matchesTitle} aside={total === undefined ? null : t.match.loadedOfTotal(rows.length, total)} testId="player-matches">
      {body}
    </StaticPanel>
  );
}
