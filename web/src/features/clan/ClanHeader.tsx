import { useState } from 'react';
import { ko } from '../../i18n/ko';
import { generalRateColour } from '../../lib/colour-bands';
import { describeLeagueContext } from '../../lib/league-context';
import { clanPath } from '../../lib/league-links';
import {
  ClanLogo, LeagueContextBar, PlacementBadge, PlacementStateBadge, RankBadge, StatCard, StatGrid, TimeAgo, Tone, UpdatingBadge,
  formatNumber, formatPercent, isInPlacement,
} from '../../ui/stats';
import { StarButton } from '../marks/StarButton';
import type { MarkSubject } from '../marks/mark-types';
import { useRecordView } from '../marks/use-record-view';
import { InfoIcon, RefreshIcon } from './clan-icons';
import type { ClanHeaderView } from './clan-view';
import { StreakBanner } from './StreakBanner';

const t = ko.clanPlayer;

/** The clan as its favourite and recently viewed entries name it, with the league the page shows. */
function clanMarkSubject(clan: ClanHeaderView): MarkSubject {
  return {
    kind: 'clan' as const, target: clan.slug, league: clan.league, name: clan.name, clanSlug: clan.slug,
    mark_bg: clan.markBg, mark_front: clan.markFront,
  };
}

interface ClanHeaderProps {
  clan: ClanHeaderView;
  /** Record update: asks the server to fetch newer records, reloads the page's figures; resolves to what to tell the reader. */
  onRefresh: () => Promise<string>;
  onShowInfo: () => void;
}

/** League type label ('비기너 리그'), falling back to the raw type. */
function leagueTypeLabel(kind: string): string {
  return (t.clan.leagueType as Record<string, string>)[kind] ?? kind;
}

/** The rank badge, or why there is none: the clan left the league, or has not played in it yet. */
function ClanRank({ clan, live }: { clan: ClanHeaderView; live: boolean }) {
  if (!live) return <span className="rank-note" title={ko.stats.context.rankMovedTitle} data-testid="rank-note">{ko.stats.context.rankMoved}</span>;
  if (clan.rank === null) return <span className="rank-note" data-testid="rank-note">{ko.stats.context.rankNoMatches}</span>;
  return <RankBadge rank={clan.rank} total={clan.rankTotal} />;
}

/**
 * The clan header card (docs/product/clans.md#header-figures): league, placement, logo, rank badge, updated-ago,
 * figures and streak. For a league the clan has left, nothing claims to be live: no streak banner, no 'updating' badge,
 * no rank.
 */
export function ClanHeader({ clan, onRefresh, onShowInfo }: ClanHeaderProps) {
  const { live } = describeLeagueContext(clan.context);
  const subject = clanMarkSubject(clan);
  useRecordView(subject);
  const [refreshState, setRefreshState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });

  const handleRefresh = async () => {
    setRefreshState({ busy: true, message: null });
    try {
      setRefreshState({ busy: false, message: await onRefresh() });
    } catch (error) {
      setRefreshState({ busy: false, message: t.clan.buttons.refreshFailed(error instanceof Error ? error.message : String(error)) });
    }
  };

  return (
    <section className="stats-panel clan-header" data-testid="clan-header" aria-labelledby="clan-name">
      <LeagueContextBar context={clan.context} subject={{ kind: 'clan', name: clan.name }} pathFor={(league) => clanPath(league, clan.slug)} />
      <div className="clan-header__meta">
        <span className="league-chip">{leagueTypeLabel(clan.leagueType)}</span>
        {isInPlacement(clan.totalMatches)
          ? <PlacementBadge matches={clan.totalMatches} />
          : clan.totalMatches > 0 && <PlacementStateBadge placement={false} />}
        {live && <UpdatingBadge ingest={clan.ingest} />}
      </div>

      <div className="clan-header__identity">
        <ClanLogo slug={clan.slug} markBg={clan.markBg} markFront={clan.markFront} size={64} />
        <div className="clan-header__title">
          <h1 id="clan-name">{clan.name}</h1>
          <div className="clan-header__rank">
            <span className="visually-hidden">{t.clan.rankBadge}</span>
            <ClanRank clan={clan} live={live} />
            <span className="muted clan-header__updated">{t.common.updatedLabel} <TimeAgo at={clan.renewedAt} /></span>
          </div>
        </div>
        <div className="clan-header__buttons">
          <button type="button" className="button" onClick={handleRefresh} disabled={refreshState.busy} aria-busy={refreshState.busy}>
            <RefreshIcon className={refreshState.busy ? 'spin' : undefined} />
            {refreshState.busy ? t.clan.buttons.refreshing : t.clan.buttons.refresh}
          </button>
          <button type="button" className="button" onClick={onShowInfo} aria-haspopup="dialog">
            <InfoIcon />
            {t.clan.buttons.info}
          </button>
          <StarButton subject={subject} label={t.clan.buttons.favourite} />
        </div>
      </div>
      <p className="clan-header__notice" role="status">{refreshState.message}</p>

      <StatGrid label={t.common.record}>
        <StatCard label={t.common.rating}>{formatNumber(clan.rating)}</StatCard>
        <StatCard label={t.common.record}>{ko.stats.common.recordWithDraws(clan.win, clan.lose, clan.draw)}</StatCard>
        <StatCard label={t.common.winRate}>
          <Tone colour={clan.winRate === null ? 'neutral' : generalRateColour(clan.winRate)}>{formatPercent(clan.winRate)}</Tone>
        </StatCard>
      </StatGrid>

      {live && <StreakBanner streak={clan.streak} label={clan.streakLabel} />}
    </section>
  );
}
