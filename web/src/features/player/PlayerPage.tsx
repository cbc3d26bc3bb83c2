import { MATCH_LIST_PAGE_SIZES } from '@shared/rules/match-lists';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { clanPath, playerPath } from '../../lib/league-links';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { AfterFirstScreen } from '../../ui/layout/AfterFirstScreen';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { Breadcrumbs, STATS_MOBILE_QUERY, StatusMessage, leagueLabel, leagueTrail, listTotalLine, type Crumb } from '../../ui/stats';
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
import { playerKeys, playerRecentQuery, playerSummaryQuery } from './player-queries';
import type { PlayerBreakdownResponse } from '@shared/contracts/breakdowns';
import { PlayerBreakdownPanel } from '../breakdowns/BreakdownPanels';
import { playerBreakdownQuery } from '../breakdowns/breakdown-queries';
import { MatchFilterBar } from '../match-filters/MatchFilterBar';
import { activeFilterCount } from '../match-filters/match-filter-params';
import { useMatchFilter, useShowMapMatches } from '../match-filters/use-match-filter';
import '../clan/clan.css';
import './player.css';

const t = ko.clanPlayer;

/** The address parameter naming the league of reading 1's figures. */
const LEAGUE_PARAM = 'league';

/** The match list's element id: the map panel brings it into view. */
const MATCH_LIST_ID = 'player-match-list';

/** The spec's texts for a failed player load: 'cannot find user information' for 404, else the server's text. */
function playerErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return t.player.notFound;
  return error instanceof Error && error.message ? error.message : t.common.noData;
}

/**
 * Reading 1, /sal/player/{playerId}?league=&highlight= : the figures of `?league=`; without it, of the league the
 * server picks (the league context rule), which the page then writes into the address so a reload or a shared
 * link keeps showing the same figures.
 */
export function SalPlayerPage() {
  const { playerId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const league = params.get(LEAGUE_PARAM);
  const highlight = params.get('highlight');
  const pathFor = useCallback((other: string) => playerPath(playerId, other, { highlight }), [playerId, highlight]);
  const onLeagueChosen = useCallback((chosen: string) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set(LEAGUE_PARAM, chosen);
      return updated;
    }, { replace: true, preventScrollReset: true });
  }, [setParams]);
  return <PlayerPage key={playerId} playerId={playerId} league={league} pathFor={pathFor} onLeagueChosen={onLeagueChosen} />;
}

/** Reading 3, /league/{league}/player/{id}: the same page with the figures of the league in the path. */
export function LeaguePlayerPage() {
  const { league = '', playerId = '' } = useParams();
  const pathFor = useCallback((other: string) => `/league/${encodeURIComponent(other)}/player/${encodeURIComponent(playerId)}`, [playerId]);
  return <PlayerPage key={playerId} playerId={playerId} league={league} pathFor={pathFor} />;
}

interface PlayerPageProps {
  playerId: string;
  /** The league the address names; null lets the server choose. */
  league: string | null;
  pathFor: (league: string) => string;
  /** Called with the league the server chose when the address named none. */
  onLeagueChosen?: (league: string) => void;
}

/** Home > leagues > where the player's clan plays now > the clan > the player (no clan: the league shown). */
function playerTrail(data: PlayerSummaryData): Crumb[] {
  if (!data.clan) return [...leagueTrail(data.leagueName), { label: data.nickname }];
  return [
    ...leagueTrail(data.clan.leagueName),
    { label: data.clan.name, to: clanPath(data.clan.leagueName, data.clan.slug) },
    { label: data.nickname },
  ];
}

/** The player page on the league-name calls: summary, opponents, rating history and recent matches. */
function PlayerPage({ playerId, league, pathFor, onLeagueChosen }: PlayerPageProps) {
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const queryClient = useQueryClient();
  const summary = useQuery(playerSummaryQuery(playerId, league));
  useDocumentTitle(summary.data?.data.nickname ?? t.player.titleFallback);
  const chosen = league === null ? summary.data?.data.leagueName : undefined;

  useEffect(() => {
    if (!chosen || !summary.data) return;
    // The answer is the chosen league's: keep it under that league's key, so naming the league asks nothing again.
    queryClient.setQueryData(playerKeys.summary(playerId, chosen), summary.data);
    onLeagueChosen?.(chosen);
  }, [chosen, summary.data, playerId, queryClient, onLeagueChosen]);

  if (summary.isPending) return <PageSkeleton className="player-page" blocks={['player-header', 'opponents']} />;
  if (summary.isError) return <div className="player-page"><StatusMessage kind="error">{playerErrorText(summary.error)}</StatusMessage></div>;
  const data = summary.data.data;
  const shown = data.leagueName;

  // No rated match anywhere: the spec's notice. Records in another league only: the header's league switcher.
  if (data.totalMatches === 0) {
    return (
      <div className="player-page" data-testid="player-page">
        <Breadcrumbs items={playerTrail(data)} />
        <PlayerHeader summary={data} isMobile={isMobile} withFigures={false} pathFor={pathFor} />
        {data.context.records.length === 0 && (
          <section className="stats-panel no-record" data-testid="no-record">
            <h2>{t.player.noRecordTitle}</h2>
            <p className="muted">{t.player.noRecordBody}</p>
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="player-page" data-testid="player-page" data-league={shown}>
      <Breadcrumbs items={playerTrail(data)} />
      <PlayerHeader summary={data} isMobile={isMobile} withFigures pathFor={pathFor} />
      <CollapsiblePanel title={t.player.opponentsTitle} aside={t.opponents.scope(leagueLabel(shown))}
        storageKey={`player.opponents.${isMobile ? 'mobile' : 'desktop'}`} testId="player-opponents">
        <OpponentsTable opponents={data.opponents.map(opponentFromRecord)} league={shown} winRateDigits={0} />
      </CollapsiblePanel>
      <AfterFirstScreen>
        <PlayerRatingHistory playerId={playerId} league={shown} />
        <PlayerBreakdown playerId={playerId} league={shown} clanSlug={data.clanSlug} isMobile={isMobile} />
      </AfterFirstScreen>
    </div>
  );
}

/** Results by map and weapon in the league shown, and the filtered match list whose choices they give. */
function PlayerBreakdown({ playerId, league, clanSlug, isMobile }: {
  playerId: string; league: string; clanSlug: string | null; isMobile: boolean;
}) {
  const breakdown = useQuery(playerBreakdownQuery(playerId, league));
  const showMapMatches = useShowMapMatches(MATCH_LIST_ID);
  return (
    <>
      <PlayerBreakdownPanel breakdown={breakdown} league={league} isMobile={isMobile} onPickMap={showMapMatches} />
      <PlayerMatches playerId={playerId} league={league} clanSlug={clanSlug} isMobile={isMobile} choices={breakdown.data} />
    </>
  );
}

/**
 * Recent matches of the league shown, 10 a page on phones and 20 on desktops; the player and ?highlight= stand
 * out. The line over the list says what its total is made of (record, matches still recording, dropouts).
 */
function PlayerMatches({ playerId, league, clanSlug, isMobile, choices }: {
  playerId: string; league: string; clanSlug: string | null; isMobile: boolean; choices: PlayerBreakdownResponse['data'] | undefined;
}) {
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const pageSize = isMobile ? MATCH_LIST_PAGE_SIZES.mobile : MATCH_LIST_PAGE_SIZES.desktop;
  const [filter, setFilter] = useMatchFilter();
  const matches = useInfiniteQuery(playerRecentQuery(playerId, league, pageSize, filter));
  const detailQuery = useMemo(() => leagueMatchDetailQuery(clanSlug), [clanSlug]);
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

  const first = pages[0];
  let body;
  if (matches.isPending) body = <div className="skeleton-card clan-skeleton--matches" aria-hidden="true" />;
  else if (matches.isError && rows.length === 0) body = <StatusMessage kind="error">{playerErrorText(matches.error)}</StatusMessage>;
  else if (rows.length === 0) {
    body = <StatusMessage kind="empty">{activeFilterCount(filter) > 0 ? ko.reader.filters.empty : t.match.noRecent}</StatusMessage>;
  }
  else {
    body = (
      <>
        <MatchList rows={rows} detailQuery={detailQuery} league={league} isMobile={isMobile} variant="player" isHighlighted={isHighlighted} />
        <LoadMoreButton hasMore={matches.hasNextPage} loading={matches.isFetchingNextPage} onLoadMore={() => void matches.fetchNextPage()} />
      </>
    );
  }
  const aside = first ? <span title={t.match.listPartsTitle}>{listTotalLine(rows.length, first.total, first.counts)}</span> : null;
  return (
    <StaticPanel title={t.player.matchesTitle} aside={aside} testId="player-matches" id={MATCH_LIST_ID}>
      <MatchFilterBar filter={filter} onChange={setFilter} choices={choices} />
      {body}
    </StaticPanel>
  );
}
