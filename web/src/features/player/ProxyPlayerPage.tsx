import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { averageKillsColour, generalRateColour, mobileKdRatioColour } from '../../lib/colour-bands';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { clanPath, proxyPlayerPath } from '../../lib/league-links';
import {
  Breadcrumbs, ClanLogo, LeagueContextBar, RankBadge, ResultStrip, STATS_MOBILE_QUERY, StatCard, StatGrid, StatusMessage, Tone,
  formatNumber, formatPercent, formatRatio, leagueLabel, leagueTrail, useProxyErrorRedirect, type Crumb,
} from '../../ui/stats';
import type { ProxyPlayerDetailResponse } from '../clan/api-types';
import { PageSkeleton } from '../clan/PageSkeleton';
import { StaticPanel } from '../clan/CollapsiblePanel';
import { MatchList } from '../clan/matches/MatchList';
import { usePrefetchMatchDetails } from '../clan/matches/match-queries';
import { proxyMatchDetailQuery } from '../clan/matches/proxy-match-detail';
import type { MatchPlayerView } from '../clan/matches/match-view';
import { OpponentsTable } from '../clan/OpponentsTable';
import { opponentFromProxySummary } from '../clan/clan-view';
import { StreakBanner } from '../clan/StreakBanner';
import { streakLevel } from '@shared/rules/streak';
import { PlayerRatingHistory } from './PlayerRatingHistory';
import { StarButton } from '../marks/StarButton';
import { playerMarkSubject } from '../marks/mark-types';
import { useRecordView } from '../marks/use-record-view';
import { proxyPlayerDetailQuery } from './player-queries';
import { killDeathRatio, matchRowFromProxyPlayer } from './player-view';
import '../clan/clan.css';
import './player.css';

const t = ko.clanPlayer;

/** Divisions whose phone layout is the chips-and-cards variant (docs/product/players.md#phone-variant). */
const MOBILE_VARIANT_DIVISIONS: ReadonlySet<string> = new Set(['supply', 'supply-1', 'supply-2', '3rdbase', 'sanply']);

type ProxyPlayer = ProxyPlayerDetailResponse['data'];

/**
 * Reading 2, /player/{division}/{playerId}, on the proxy call. Desktop: header, four last-20 cards, the stat grid, the
 * opponent table and the match table. Under 768 px in a supply division: chips and match cards. Failures go to /login
 * or the error page (docs/product/statistics-api.md#proxy-page-redirects).
 */
export default function ProxyPlayerPage() {
  const { division = '', playerId = '' } = useParams();
  const isNarrow = useMediaQuery(STATS_MOBILE_QUERY);
  const detail = useQuery(proxyPlayerDetailQuery(division, playerId));
  useProxyErrorRedirect(detail.error);
  useDocumentTitle(detail.data?.data.player.name ?? t.player.titleFallback);

  const mobileVariant = isNarrow && MOBILE_VARIANT_DIVISIONS.has(division);
  if (detail.isPending) {
    return <PageSkeleton className="player-page" blocks={mobileVariant ? ['proxy-player-header', 'chips'] : ['proxy-player-header', 'last20', 'stat-grid']} />;
  }
  if (detail.isError) {
    const text = detail.error instanceof Error && detail.error.message ? detail.error.message : t.common.noData;
    return <div className="player-page"><StatusMessage kind="error">{text}</StatusMessage></div>;
  }

  const data = detail.data.data;
  return (
    <div className={mobileVariant ? 'player-page player-page--cards' : 'player-page'} data-testid="proxy-player-page"
      data-layout={mobileVariant ? 'cards' : 'desktop'}>
      <Breadcrumbs items={proxyPlayerTrail(data)} />
      <ProxyPlayerHeader data={data} />
      {mobileVariant ? <MobileSummary data={data} /> : <DesktopSummary data={data} />}
      {!mobileVariant && (
        <StaticPanel title={t.player.opponentTable} testId="player-opponents">
          <OpponentsTable league={data.player.division} winRateDigits={1}
            opponents={data.match_summary.clan_summaries.map(opponentFromProxySummary)} />
        </StaticPanel>
      )}
      {/* The answer names the player's league by slug, so the league-name history call reads the same pool. */}
      <PlayerRatingHistory playerId={data.player.id} league={data.player.division} />
      <ProxyPlayerMatches data={data} isMobile={mobileVariant} />
    </div>
  );
}

/** Home > leagues > where the player's clan plays now > the clan > the player (no clan: the league shown). */
function proxyPlayerTrail(data: ProxyPlayer): Crumb[] {
  const clan = data.player.clan;
  const clanLeague = data.context.current?.slug;
  if (!clan || !clanLeague) return [...leagueTrail(data.player.division), { label: data.player.name }];
  return [...leagueTrail(clanLeague), { label: clan.name, to: clanPath(clanLeague, clan.slug) }, { label: data.player.name }];
}

function ProxyPlayerHeader({ data }: { data: ProxyPlayer }) {
  const clan = data.player.clan;
  const subject = playerMarkSubject(data.player.id, data.player.division, data.player.name, clan);
  useRecordView(subject);
  return (
    <section className="stats-panel player-header" data-testid="player-header" aria-labelledby="player-name">
      <LeagueContextBar context={data.context} subject={{ kind: 'player', clanName: clan?.name ?? null }}
        pathFor={(league) => proxyPlayerPath(league, data.player.id)} />
      <div className="player-header__identity">
        <span className="league-chip">{leagueLabel(data.player.division)}</span>
        <h1 id="player-name">{data.player.name}</h1>
        <div className="player-header__meta">
          {clan ? (
            <Link className="name-cell player-header__clan" to={clanPath(data.context.current?.slug ?? data.player.division, clan.slug)}>
              <ClanLogo slug={clan.slug} markBg={clan.mark_bg} markFront={clan.mark_front} size={24} />
              <span className="name-cell__text">{clan.name}</span>
            </Link>
          ) : <span className="muted">{t.common.unaffiliated}</span>}
          <RankBadge rank={data.rank} total={data.rank_count} />
          <StarButton subject={subject} />
        </div>
      </div>
    </section>
  );
}

/** Desktop: four cards over the last 20 matches, then the stat grid. */
function DesktopSummary({ data }: { data: ProxyPlayer }) {
  const recent = data.match_summary;
  const streak = recent.win_straight;
  return (
    <>
      <section className="stats-panel player-cards" aria-label={t.player.last20.title} data-testid="last20-cards">
        <StatGrid label={t.player.last20.title}>
          <StatCard label={t.player.last20.winRate}>
            <Tone colour={recent.win_rate === null ? 'neutral' : generalRateColour(recent.win_rate)}>{formatPercent(recent.win_rate)}</Tone>
          </StatCard>
          <StatCard label={t.player.last20.streak}>
            {streak === 0 ? t.player.last20.noStreak : streak > 0 ? ko.stats.streak.wins(streak) : ko.stats.streak.losses(-streak)}
          </StatCard>
          <StatCard label={t.player.last20.kd}>
            <Tone colour={recent.kd_rate === null ? 'neutral' : generalRateColour(recent.kd_rate)}>{formatPercent(recent.kd_rate)}</Tone>
          </StatCard>
          <StatCard label={t.player.last20.mvp}>{formatNumber(recent.mvp_count)}</StatCard>
        </StatGrid>
      </section>
      <section className="stats-panel player-cards" data-testid="stat-grid">
        <StatGrid label={t.player.statGrid.record}>
          <StatCard label={t.player.statGrid.rating}>{formatNumber(data.rating)}</StatCard>
          <StatCard label={t.player.statGrid.avgKills}>
            <Tone colour={data.kill_per_match === null ? 'neutral' : averageKillsColour(data.kill_per_match)}>{formatRatio(data.kill_per_match, 1)}</Tone>
          </StatCard>
          <StatCard label={t.player.statGrid.mvp}>{formatNumber(data.mvp_count)}</StatCard>
          <StatCard label={t.player.statGrid.rankIn(leagueLabel(data.player.division))}>
            {data.rank === null ? ko.stats.common.dash : ko.stats.badges.rankOfTotal(data.rank, data.rank_count)}
          </StatCard>
          <StatCard label={t.player.statGrid.record}>{ko.stats.common.recordWithDraws(data.win, data.lose, data.draw)}</StatCard>
          <StatCard label={t.player.statGrid.killDeath}>{t.player.killDeathValue(data.kill, data.death)}</StatCard>
          <StatCard label={t.player.statGrid.clan}>{data.player.clan?.name ?? t.common.unaffiliated}</StatCard>
        </StatGrid>
      </section>
    </>
  );
}

/** The phone/supply variant: result chips, the streak and a few figures as chips. */
function MobileSummary({ data }: { data: ProxyPlayer }) {
  const recent = data.match_summary;
  const ratio = killDeathRatio(data.kill, data.death);
  return (
    <section className="stats-panel player-chips" data-testid="player-chips">
      <ul className="figure-chips">
        <li><span className="muted">{t.common.rating}</span> <strong>{formatNumber(data.rating)}</strong></li>
        <li>
          <span className="muted">{t.common.winRate}</span>{' '}
          <Tone colour={data.win_rate === null ? 'neutral' : generalRateColour(data.win_rate)}>{formatPercent(data.win_rate)}</Tone>
        </li>
        <li><span className="muted">{t.common.kd}</span> <Tone colour={ratio === null ? 'neutral' : mobileKdRatioColour(ratio)}>{formatRatio(ratio)}</Tone></li>
        <li><span className="muted">{t.player.mvpCount}</span> <strong>{formatNumber(data.mvp_count)}</strong></li>
      </ul>
      {recent.results.length > 0 && <ResultStrip results={recent.results} perRow={10} />}
      {data.context.isCurrent && <StreakBanner streak={recent.win_straight} label={streakLevel(recent.win_straight)} />}
    </section>
  );
}

function ProxyPlayerMatches({ data, isMobile }: { data: ProxyPlayer; isMobile: boolean }) {
  const rows = useMemo(() => data.matches.map(matchRowFromProxyPlayer), [data.matches]);
  const divisionKeys = useMemo(() => new Map(data.matches.map((match) => [match.id, match.division_key])), [data.matches]);
  const detailQuery = useMemo(
    () => proxyMatchDetailQuery((matchId) => divisionKeys.get(matchId) ?? data.player.division),
    [divisionKeys, data.player.division],
  );
  usePrefetchMatchDetails(data.matches.filter((match) => match.status !== 'recording').map((match) => match.id), detailQuery);
  const isHighlighted = (player: MatchPlayerView) => player.playerId === data.player.id;
  return (
    <StaticPanel title={t.player.matchTable} testId="player-matches">
      {rows.length === 0
        ? <StatusMessage kind="empty">{t.match.noRecent}</StatusMessage>
        : <MatchList rows={rows} detailQuery={detailQuery} league={data.player.division} isMobile={isMobile} variant="player"
          isHighlighted={isHighlighted} />}
    </StaticPanel>
  );
}
