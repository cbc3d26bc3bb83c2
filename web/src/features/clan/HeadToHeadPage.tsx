import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { generalRateColour } from '../../lib/colour-bands';
import { clanPath } from '../../lib/league-links';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import {
  Breadcrumbs, ClanLogo, STATS_MOBILE_QUERY, StatCard, StatGrid, StatusMessage, Tone, formatPercent, leagueLabel, leagueTrail,
  listTotalLine,
} from '../../ui/stats';
import { DEFAULT_LEAGUE } from './clan-routes';
import { headToHeadQuery } from './clan-queries';
import { ClanErrorMessage } from './ClanSections';
import { PageSkeleton } from './PageSkeleton';
import { StaticPanel } from './CollapsiblePanel';
import { LoadMoreButton } from './LoadMoreButton';
import { MatchList } from './matches/MatchList';
import { matchRowFromItem, uniqueMatches } from './matches/match-adapters';
import { leagueMatchDetailQuery } from './matches/match-queries';
import './clan.css';

const t = ko.clanPlayer;

/**
 * Head-to-head of two clans in one league (beyond the spec), reached from the top-opponents panel: the record and
 * every meeting, ten at a time with a "more" button, so the list reaches the record's total.
 */
export default function HeadToHeadPage() {
  const { league = DEFAULT_LEAGUE, clanKey = '', opponent = '' } = useParams();
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const result = useInfiniteQuery(headToHeadQuery(league, clanKey, opponent));
  const detailQuery = useMemo(() => leagueMatchDetailQuery(clanKey), [clanKey]);
  const pages = result.data?.pages ?? [];
  const rows = useMemo(() => uniqueMatches(pages.flatMap((page) => page.data.matches.map(matchRowFromItem)), (row) => row.id), [pages]);
  const data = pages[0]?.data;
  useDocumentTitle(data ? t.headToHead.title(data.clan.name, data.opponent.name) : t.opponents.headToHead);

  if (result.isPending) return <PageSkeleton className="clan-page" blocks={['h2h-header', 'matches']} />;
  if (result.isError || !data) return <div className="clan-page"><ClanErrorMessage error={result.error} /></div>;

  const { record } = data;
  const counts = { win: record.win, lose: record.lose, draw: record.draw, unknown: data.total - record.total };
  return (
    <div className="clan-page head-to-head" data-testid="head-to-head">
      <Breadcrumbs items={[
        ...leagueTrail(data.clan.leagueName),
        { label: data.clan.name, to: clanPath(league, data.clan.slug) },
        { label: t.headToHead.title(data.clan.name, data.opponent.name) },
      ]} />
      <section className="stats-panel clan-header">
        <p className="muted head-to-head__league">{ko.stats.context.shownLabel(leagueLabel(data.league.slug))}</p>
        <h1 className="head-to-head__title">
          <Link className="name-cell" to={clanPath(league, data.clan.slug)}>
            <ClanLogo slug={data.clan.slug} markBg={data.clan.mark_bg} markFront={data.clan.mark_front} size={40} />
            <span>{data.clan.name}</span>
          </Link>
          <span className="head-to-head__vs">{t.match.vs}</span>
          <Link className="name-cell" to={clanPath(league, data.opponent.slug)}>
            <ClanLogo slug={data.opponent.slug} markBg={data.opponent.mark_bg} markFront={data.opponent.mark_front} size={40} />
            <span>{data.opponent.name}</span>
          </Link>
        </h1>
        <StatGrid label={t.headToHead.record}>
          <StatCard label={ko.stats.columns.matches}>{record.total}</StatCard>
          <StatCard label={t.common.record}>{ko.stats.common.recordWithDraws(record.win, record.lose, record.draw)}</StatCard>
          <StatCard label={t.common.winRate}>
            <Tone colour={record.win_rate === null ? 'neutral' : generalRateColour(record.win_rate)}>{formatPercent(record.win_rate)}</Tone>
          </StatCard>
        </StatGrid>
        <p><Link to={clanPath(league, data.clan.slug)}>{t.headToHead.back}</Link></p>
      </section>
      <StaticPanel title={t.headToHead.lastMatches} aside={listTotalLine(rows.length, data.total, counts)} testId="head-to-head-matches">
        {rows.length === 0
          ? <StatusMessage kind="empty">{t.headToHead.empty}</StatusMessage>
          : (
            <>
              <MatchList rows={rows} detailQuery={detailQuery} league={league} isMobile={isMobile} variant="clan" />
              <LoadMoreButton hasMore={result.hasNextPage} loading={result.isFetchingNextPage} onLoadMore={() => void result.fetchNextPage()} />
            </>
          )}
      </StaticPanel>
    </div>
  );
}
