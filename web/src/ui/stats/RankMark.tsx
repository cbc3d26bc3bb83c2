import { ko } from '../../i18n/ko';
import './stats.css';

const t = ko.stats.badges;
const PODIUM = ['gold', 'silver', 'bronze'] as const;

/**
 * The icon beside a top rank (docs/product/ratings.md#rank-marks): ranks 1-3 a medal (league tables) or a crown
 * (rankings) in gold, silver and bronze; ranks 4-5 a star when `stars` is set. Other ranks get nothing.
 */
export function RankMark({ rank, kind = 'medal', stars = false }: { rank: number; kind?: 'medal' | 'crown'; stars?: boolean }) {
  const podium = PODIUM[rank - 1];
  if (podium) {
    const label = kind === 'crown' ? t.crown(rank) : t.medal(rank);
    return (
      <span className={`rank-mark rank-mark--${podium}`} role="img" aria-label={label} title={label} data-rank-mark={kind}>
        {kind === 'crown' ? <CrownSvg /> : <MedalSvg rank={rank} />}
      </span>
    );
  }
  if (stars && (rank === 4 || rank === 5)) {
    return (
      <span className="rank-mark rank-mark--star" role="img" aria-label={t.star(rank)} title={t.star(rank)} data-rank-mark="star">
        <StarSvg />
      </span>
    );
  }
  return null;
}

function MedalSvg({ rank }: { rank: number }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M7 2h4l2 6H9zM13 2h4l-2 6h-4z" fill="currentColor" opacity="0.55" />
      <circle cx="12" cy="15" r="7" fill="currentColor" />
      <text x="12" y="18.6" textAnchor="middle" fontSize="9.5" fontWeight="800" fill="#111827">{rank}</text>
    </svg>
  );
}

function CrownSvg() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" fill="currentColor" />
    </svg>
  );
}

function StarSvg() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" fill="currentColor" />
    </svg>
  );
}
