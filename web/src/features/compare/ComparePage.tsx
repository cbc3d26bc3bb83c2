import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { CompareData, ComparedPlayer } from '@shared/contracts/comparison';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { comparePath, playerPath } from '../../lib/league-links';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import { Breadcrumbs, ClanLogo, STATS_MOBILE_QUERY, StatusMessage, formatNumber, leagueLabel, leagueTrail } from '../../ui/stats';
import { CollapsiblePanel, StaticPanel } from '../clan/CollapsiblePanel';
import { PageSkeleton } from '../clan/PageSkeleton';
import { playerRatingHistoryQuery, playerSummaryQuery } from '../player/player-queries';
import { CompareFigures } from './CompareFigures';
import { CompareMaps } from './CompareMaps';
import { CompareMeetings } from './CompareMeetings';
import { CompareRatingChart } from './CompareRatingChart';
import { PlayerPicker } from './PlayerPicker';
import { compareQuery } from './compare-queries';
import '../clan/clan.css';
import '../search/search.css';
import './compare.css';

const t = ko.reader.compare;

/** The failure line of the page: the player page's text for an unknown player, else the server's message. */
function compareErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return ko.clanPlayer.player.notFound;
  return error instanceof Error && error.message ? error.message : t.failed;
}

/**
 * /compare/{playerId}/{otherId}?league= : two players side by side (beyond the spec). Without a league the server
 * picks one (the first player's page league when the other played there, else the league both played most) and
 * the page writes it into the address, so a shared link shows the same figures. /compare/{playerId} picks the
 * second player.
 */
export default function ComparePage() {
  const { playerId = '', otherId } = useParams();
  const [params] = useSearchParams();
  const league = params.get('league');
  if (!otherId) return <PickSecond key={playerId} playerId={playerId} league={league} />;
  return <Comparison key={`${playerId}/${otherId}`} playerId={playerId} otherId={otherId} league={league} />;
}

/** The first player, and the search for the second one. */
function PickSecond({ playerId, league }: { playerId: string; league: string | null }) {
  const navigate = useNavigate();
  const summary = useQuery(playerSummaryQuery(playerId, league));
  const nickname = summary.data?.data.nickname;
  useDocumentTitle(t.title);
  return (
    <div className="compare-page" data-testid="compare-page">
      <Breadcrumbs items={[...leagueTrail(league), { label: t.title }]} />
      <StaticPanel title={t.pickTitle} testId="compare-pick">
        <div className="compare-pick">
          {summary.isError && <StatusMessage kind="error">{compareErrorText(summary.error)}</StatusMessage>}
          {nickname && (
            <p className="compare-pick__first">
              <span className="compare-side--a">{nickname}</span> <span className="muted">vs</span> ?
            </p>
          )}
          <PlayerPicker exclude={playerId} onPick={(other) => navigate(comparePath(playerId, other, league))} />
        </div>
      </StaticPanel>
    </div>
  );
}

function Comparison({ playerId, otherId, league }: { playerId: string; otherId: string; league: string | null }) {
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const queryClient = useQueryClient();
  const [, setParams] = useSearchParams();
  const comparison = useQuery(compareQuery(playerId, otherId, league));
  const data = comparison.data;
  const shown = data?.league.slug ?? null;
  const historyA = useQuery({ ...playerRatingHistoryQuery(playerId, shown), select: (response) => response.data.history, enabled: shown !== null });
  const historyB = useQuery({ ...playerRatingHistoryQuery(otherId, shown), select: (response) => response.data.history, enabled: shown !== null });
  useDocumentTitle(data ? t.pageTitle(data.a.nickname, data.b.nickname) : t.title);

  useEffect(() => {
    if (league !== null || !shown) return;
    // Keep the answer under the league it is of, and name that league in the address (the league context rule).
    queryClient.setQueryData(compareQuery(playerId, otherId, shown).queryKey, queryClient.getQueryData(compareQuery(playerId, otherId, null).queryKey));
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('league', shown);
      return updated;
    }, { replace: true, preventScrollReset: true });
  }, [league, shown, playerId, otherId, queryClient, setParams]);

  if (comparison.isPending) return <PageSkeleton className="compare-page" blocks={['player-header', 'opponents']} />;
  if (comparison.isError || !data) {
    return (
      <div className="compare-page">
        <Breadcrumbs items={[...leagueTrail(league), { label: t.title }]} />
        <StatusMessage kind="error">{compareErrorText(comparison.error)}</StatusMessage>
      </div>
    );
  }

  return (
    <div className="compare-page" data-testid="compare-page" data-league={data.league.slug}>
      <Breadcrumbs items={[...leagueTrail(data.league.slug), { label: t.pageTitle(data.a.nickname, data.b.nickname) }]} />
      <section className="stats-panel compare-head" aria-labelledby="compare-title">
        <div className="compare-head__top">
          <h1 id="compare-title">{t.title}</h1>
          <LeagueSwitch data={data} />
        </div>
        <div className="compare-players">
          <PlayerCard player={data.a} league={data.league.slug} side="a" />
          <span className="compare-players__vs" aria-hidden="true">vs</span>
          <PlayerCard player={data.b} league={data.league.slug} side="b" />
        </div>
        <div className="compare-head__actions">
          <Link className="button button--ghost" to={comparePath(otherId, playerId, data.league.slug)}>{t.swap}</Link>
          <Link className="button button--ghost" to={comparePath(playerId, null, data.league.slug)}>{t.change}</Link>
        </div>
        <CompareFigures a={data.a} b={data.b} />
      </section>
      <CollapsiblePanel title={t.chartTitle} aside={leagueLabel(data.league.slug)} storageKey="compare.ratingHistory" testId="compare-rating">
        <CompareRatingChart series={[
          { name: data.a.nickname, side: 'a', history: historyA.data },
          { name: data.b.nickname, side: 'b', history: historyB.data },
        ]} isMobile={isMobile} />
      </CollapsiblePanel>
      <StaticPanel title={t.meetings} aside={t.meetingsTotal(data.meetingsTotal)} testId="compare-meetings">
        <CompareMeetings data={data} />
      </StaticPanel>
      <StaticPanel title={t.maps} aside={leagueLabel(data.league.slug)} testId="compare-maps-panel">
        <CompareMaps a={data.a} b={data.b} isMobile={isMobile} />
      </StaticPanel>
    </div>
  );
}

/** One player's card: nickname (to their page in the league compared), clan, rating. */
function PlayerCard({ player, league, side }: { player: ComparedPlayer; league: string; side: 'a' | 'b' }) {
  return (
    <div className={`compare-player compare-player--${side}`} data-testid={`compare-player-${side}`}>
      <Link className={`compare-player__name compare-side--${side}`} to={playerPath(player.playerId, league)}>{player.nickname}</Link>
      <span className="compare-player__clan">
        {player.clan ? (
          <>
            <ClanLogo slug={player.clan.slug} markBg={player.clan.mark_bg} markFront={player.clan.mark_front} size={20} />
            <span>{player.clan.name}</span>
          </>
        ) : <span className="muted">{ko.clanPlayer.common.unaffiliated}</span>}
      </span>
      <span className="compare-player__rating">{ko.clanPlayer.common.rating} <strong>{formatNumber(player.rating)}</strong></span>
      {player.totalMatches === 0 && <span className="muted">{t.noRecord}</span>}
    </div>
  );
}

/** The leagues either player has records in, with each one's matches there; choosing one opens its comparison. */
function LeagueSwitch({ data }: { data: CompareData }) {
  const navigate = useNavigate();
  const entries = data.leagues.some((entry) => entry.league.slug === data.league.slug)
    ? data.leagues
    : [{ league: data.league, a: 0, b: 0 }, ...data.leagues];
  return (
    <label className="sort-select compare-league">
      <span>{t.leagueLabel}</span>
      <select className="field-box" value={data.league.slug} onChange={(event) => navigate(comparePath(data.a.playerId, data.b.playerId, event.target.value))}>
        {entries.map((entry) => (
          <option key={entry.league.slug} value={entry.league.slug}>
            {leagueLabel(entry.league.slug)} · {t.leagueMatches(entry.a, entry.b)}
          </option>
        ))}
      </select>
    </label>
  );
}
