import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { averageKillsColour, generalRateColour } from '../../lib/colour-bands';
import { ClanLogo, RankBadge, ResultStrip, StatCard, StatGrid, Tone, formatNumber, formatPercent, formatRatio } from '../../ui/stats';
import type { PlayerSummaryData } from '../clan/api-types';
import { StreakBanner } from '../clan/StreakBanner';
import { DEFAULT_LEAGUE } from '../clan/clan-routes';
import { RefreshClanButton } from './RefreshClanButton';

const t = ko.clanPlayer;

/** The player's clan mark and name linking to its page, or 'unaffiliated'. */
export function PlayerClanLink({ summary }: { summary: PlayerSummaryData }) {
  if (!summary.clan) return <span className="player-header__clan muted">{t.common.unaffiliated}</span>;
  const league = summary.clan.leagueName || DEFAULT_LEAGUE;
  return (
    <Link className="name-cell player-header__clan" to={`/league/${league}/clan/${encodeURIComponent(summary.clan.slug)}`}>
      <ClanLogo slug={summary.clan.slug} markBg={summary.clan.mark_bg} markFront={summary.clan.mark_front} size={24} />
      <span className="name-cell__text">{summary.clan.name}</span>
    </Link>
  );
}

/**
 * Reading 1's header (spec §2): nickname, clan link, rank badge, rating, record, K/D %, win rate, average kills
 * and MVP; a streak badge on phones, the last-20 strip on desktops; the refresh-clan button.
 */
export function PlayerHeader({ summary, isMobile, withFigures }: { summary: PlayerSummaryData; isMobile: boolean; withFigures: boolean }) {
  return (
    <section className="stats-panel player-header" data-testid="player-header" aria-labelledby="player-name">
      <div className="player-header__top">
        <div className="player-header__identity">
          <h1 id="player-name">{summary.nickname}</h1>
          <div className="player-header__meta">
            <PlayerClanLink summary={summary} />
            {withFigures && <RankBadge rank={summary.rank} total={summary.total} />}
          </div>
        </div>
        <RefreshClanButton playerId={summary.playerId} clanSlug={summary.clanSlug} />
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
            ? <StreakBanner streak={summary.streak.value} label={summary.streak.label} />
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
