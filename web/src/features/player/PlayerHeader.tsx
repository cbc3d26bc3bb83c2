import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { averageKillsColour, generalRateColour } from '../../lib/colour-bands';
import { describeLeagueContext } from '../../lib/league-context';
import { clanPath, comparePath } from '../../lib/league-links';
import {
  ClanLogo, LeagueContextBar, RankBadge, ResultStrip, StatCard, StatGrid, Tone, formatNumber, formatPercent, formatRatio,
  leagueLabel,
} from '../../ui/stats';
import type { PlayerSummaryData } from '../clan/api-types';
import { StreakBanner } from '../clan/StreakBanner';
import { DEFAULT_LEAGUE } from '../clan/clan-routes';
import { StarButton } from '../marks/StarButton';
import { playerMarkSubject } from '../marks/mark-types';
import { useRecordView } from '../marks/use-record-view';
import { RefreshClanButton } from './RefreshClanButton';

const t = ko.clanPlayer;

/** The player's clan mark and name linking to its page where it plays now, or 'unaffiliated'. */
export function PlayerClanLink({ summary }: { summary: PlayerSummaryData }) {
  if (!summary.clan) return <span className="player-header__clan muted">{t.common.unaffiliated}</span>;
  return (
    <Link className="name-cell player-header__clan" to={clanPath(summary.clan.leagueName || DEFAULT_LEAGUE, summary.clan.slug)}>
      <ClanLogo slug={summary.clan.slug} markBg={summary.clan.mark_bg} markFront={summary.clan.mark_front} size={24} />
      <span className="name-cell__text">{summary.clan.name}</span>
    </Link>
  );
}

interface PlayerHeaderProps {
  summary: PlayerSummaryData;
  isMobile: boolean;
  /** Whether the page shows figures (the player has rated matches in the league shown). */
  withFigures: boolean;
  /** The same page with the figures of another league. */
  pathFor: (league: string) => string;
}

/**
 * Reading 1's header (docs/product/players.md#player-header): the league of its figures (and the player's other
 * leagues), nickname, clan link, rank badge, rating, record, K/D %, win rate, average kills and MVP; a streak badge on
 * phones, the last-20 strip on desktops; the refresh-clan button. A streak is only claimed where the player's clan
 * plays now.
 */
export function PlayerHeader({ summary, isMobile, withFigures, pathFor }: PlayerHeaderProps) {
  const { live } = describeLeagueContext(summary.context);
  const subject = playerMarkSubject(summary.playerId, summary.leagueName, summary.nickname, summary.clan);
  useRecordView(subject);
  return (
    <section className="stats-panel player-header" data-testid="player-header" aria-labelledby="player-name">
      <LeagueContextBar context={summary.context} subject={{ kind: 'player', clanName: summary.clan?.name ?? null }} pathFor={pathFor} />
      <div className="player-header__top">
        <div className="player-header__identity">
          <h1 id="player-name">{summary.nickname}</h1>
          <div className="player-header__meta">
            <PlayerClanLink summary={summary} />
            {withFigures && (
              <span className="player-header__rank" title={ko.stats.context.shownLabel(leagueLabel(summary.leagueName))}>
                <RankBadge rank={summary.rank} total={summary.total} />
              </span>
            )}
            {summary.context.records.length > 0 && (
              <Link className="player-header__cards" to={`/search?${new URLSearchParams({ source: 'supply', playerId: summary.playerId })}`}>
                {t.player.leagueCardsLink}
              </Link>
            )}
            <Link className="player-header__cards" to={comparePath(summary.playerId, null, summary.leagueName)} data-testid="compare-link">
              {ko.reader.compare.start}
            </Link>
          </div>
        </div>
        <div className="player-header__buttons">
          <StarButton subject={subject} />
          <RefreshClanButton playerId={summary.playerId} clanSlug={summary.clanSlug} />
        </div>
      </div>
      {withFigures && (
        <>
          <StatGrid label={t.common.record}>
            <StatCard label={t.common.rating}>{formatNumber(summary.rating)}</StatCard>
            <StatCard label={t.player.totalMatches}>
              {formatNumber(summary.totalMatches)}
              <span className="player-header__record">{ko.stats.common.recordWithDraws(summary.win, summary.lose, summary.draw)}</span>
            </StatCard>
            <StatCard label={t.player.kdPercent}>
              <Tone colour={summary.kdRate === null ? 'neutral' : generalRateColour(summary.kdRate)}>{formatPercent(summary.kdRate)}</Tone>
            </StatCard>
            <StatCard label={t.common.winRate}>
              <Tone colour={summary.winRate === null ? 'neutral' : generalRateColour(summary.winRate)}>{formatPercent(summary.winRate)}</Tone>
            </StatCard>
            <StatCard label={t.player.avgKills}>
              <Tone colour={summary.avgKill === null ? 'neutral' : averageKillsColour(summary.avgKill)}>{formatRatio(summary.avgKill, 1)}</Tone>
            </StatCard>
            <StatCard label={t.player.mvpCount}>{formatNumber(summary.mvp)}</StatCard>
          </StatGrid>
          {isMobile
            ? live && <StreakBanner streak={summary.streak.value} label={summary.streak.label} />
            : summary.recentResults.length > 0 && (
              <div className="player-header__strip" data-testid="recent-results">
                <span className="muted">{t.common.resultStrip(summary.recentResults.length)}</span>
                <ResultStrip results={summary.recentResults} perRow={10} />
              </div>
            )}
        </>
      )}
    </section>
  );
}
