import { ko } from '../../i18n/ko';
import { rankBadgeColour } from '../../lib/colour-bands';
import { isIngestUpdating, type IngestInfo } from '../../lib/ingest-state';
import { formatTopPercent, topPercent } from './format';
import './stats.css';

const t = ko.stats.badges;

/**
 * Rated matches a clan or player plays before leaving placement (badge for 1 to 19 of 20:
 * docs/product/ratings.md#placement).
 */
export const PLACEMENT_MATCHES = 20;

export { INGEST_STALE_AFTER_MS, isIngestUpdating, type IngestInfo } from '../../lib/ingest-state';

/** True while a clan or player is in placement: 1 to 19 matches played. */
export function isInPlacement(matches: number): boolean {
  return matches >= 1 && matches < PLACEMENT_MATCHES;
}

/** The placement-in-progress badge ('배치 7/20'), shown only for 1-19 matches. */
export function PlacementBadge({ matches }: { matches: number }) {
  if (!isInPlacement(matches)) return null;
  return (
    <span className="stat-badge stat-badge--placement" title={t.placementTitle(PLACEMENT_MATCHES)}>
      {t.placementProgress(matches, PLACEMENT_MATCHES)}
    </span>
  );
}

/**
 * A league card's state: 'Placement' or 'regular' (a league card's `placement`: docs/product/search.md#league-cards).
 */
export function PlacementStateBadge({ placement }: { placement: boolean }) {
  return placement
    ? <span className="stat-badge stat-badge--placement">{t.placement}</span>
    : <span className="stat-badge stat-badge--regular">{t.regular}</span>;
}

/** The 'updating' badge; renders nothing unless ingest is live (docs/product/leagues.md#updating-badge). */
export function UpdatingBadge({ ingest, runningAlone = false }: { ingest: IngestInfo | null | undefined; runningAlone?: boolean }) {
  if (!isIngestUpdating(ingest, Date.now(), runningAlone)) return null;
  return (
    <span className="stat-badge stat-badge--updating" title={t.updatingTitle} data-testid="updating-badge">
      <span className="stat-badge__pulse" aria-hidden="true" />
      {t.updating}
    </span>
  );
}

/**
 * Rank among a total with the top-percent colour band (docs/product/ratings.md#rank-badge-colour: up to 1% gold, 3%
 * orange-pink, 10% purple, else muted). Nothing when the rank is unknown.
 */
export function RankBadge({ rank, total }: { rank: number | null | undefined; total: number | null | undefined }) {
  const percent = topPercent(rank, total);
  if (percent === null || !rank || !total) return null;
  const colour = rankBadgeColour(percent);
  return (
    <span className={`rank-badge rank-badge--${colour}`} data-colour={colour}>
      <strong>{t.rankOfTotal(rank, total)}</strong>
      <span className="rank-badge__percent">{t.topPercent(formatTopPercent(percent))}</span>
    </span>
  );
}

/** The MVP marker of a match row or a player. */
export function MvpBadge() {
  return <span className="stat-badge stat-badge--mvp">{t.mvp}</span>;
}
