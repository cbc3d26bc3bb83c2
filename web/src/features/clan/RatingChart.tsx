import { ko } from '../../i18n/ko';
import { formatNumericDate } from '../../lib/intl-formats';
import { formatNumber } from '../../ui/stats';
import type { RatingHistoryData } from './api-types';

const t = ko.clanPlayer.chart;

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { top: 18, right: 14, bottom: 22, left: 44 };

/** The chart's place while its history loads: the legend line and the drawing's own proportions. */
export function RatingChartSkeleton() {
  return (
    <div className="rating-chart" aria-hidden="true">
      <div className="rating-chart__legend rating-chart__legend--skeleton" />
      <div className="skeleton-card rating-chart__skeleton" />
    </div>
  );
}

/**
 * The rating after each recent match as an SVG line (beyond the spec), with the peak and the lowest point of
 * the whole history marked when they fall inside the window. Drawn by hand: one path needs no chart library.
 */
export function RatingChart({ history }: { history: RatingHistoryData }) {
  const points = history.points;
  if (points.length === 0) return <p className="clan-panel__empty muted">{t.empty}</p>;

  const ratings = points.map((point) => point.rating);
  const values = [...ratings, ...points.slice(0, 1).map((point) => point.before)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = Math.max(max - min, 20);
  const low = min - (span - (max - min)) / 2;
  const x = (index: number) => PAD.left + (points.length === 1 ? 0.5 : index / (points.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (rating: number) => PAD.top + (1 - (rating - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`).join(' ');

  const peakIndex = history.peak ? points.findIndex((point) => point.at === history.peak?.at && point.rating === history.peak.rating) : -1;
  const lowIndex = history.lowest ? points.findIndex((point) => point.at === history.lowest?.at && point.rating === history.lowest.rating) : -1;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const gridValues = [low + span, low + span / 2, low].map(Math.round);

  return (
    <figure className="rating-chart" data-testid="rating-chart">
      <figcaption className="rating-chart__legend">
        {history.peak && <span className="rating-chart__peak">{t.peak(history.peak.rating)}</span>}
        {history.lowest && <span className="rating-chart__lowest">{t.lowest(history.lowest.rating)}</span>}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t.label(points.length)}>
        {gridValues.map((value) => (
          <g key={value}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(value)} y2={y(value)} className="rating-chart__grid" />
            <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" className="rating-chart__axis">{value}</text>
          </g>
        ))}
        <path d={path} className="rating-chart__line" fill="none" />
        {peakIndex >= 0 && <circle cx={x(peakIndex)} cy={y(points[peakIndex]!.rating)} r={5} className="rating-chart__peak-dot" />}
        {lowIndex >= 0 && <circle cx={x(lowIndex)} cy={y(points[lowIndex]!.rating)} r={4} className="rating-chart__low-dot" />}
        <circle cx={x(points.length - 1)} cy={y(last.rating)} r={3.5} className="rating-chart__last-dot" />
        <text x={PAD.left} y={HEIGHT - 5} className="rating-chart__axis">{formatNumericDate(new Date(first.at))}</text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 5} textAnchor="end" className="rating-chart__axis">{formatNumericDate(new Date(last.at))}</text>
      </svg>
      <p className="visually-hidden">{t.range(formatNumber(first.before), formatNumber(last.rating))}</p>
    </figure>
  );
}
