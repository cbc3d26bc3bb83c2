import { ko } from '../../i18n/ko';
import { formatNumericDate } from '../../lib/intl-formats';
import type { RatingHistoryData } from '../clan/api-types';

const t = ko.reader.compare;

/**
 * The drawing's width in its own units: the SVG scales to the panel, so on a phone a narrower drawing keeps the
 * axis text near its 11 px and the lines taller in proportion, instead of shrinking to half.
 */
const WIDE = 640;
const NARROW = 360;
const HEIGHT = 200;
const PAD = { top: 16, right: 14, bottom: 22, left: 44 };
export interface ChartSeries {
  name: string;
  /** 'a' or 'b': the stylesheet gives each its colour, the same as the player's name on the page. */
  side: 'a' | 'b';
  history: RatingHistoryData | undefined;
}

/**
 * Both players' ratings after each of their recent matches on one time axis (their matches happen at different
 * times, so the x axis is the date, not the match number). Drawn by hand like the single rating chart.
 */
export function CompareRatingChart({ series, isMobile }: { series: readonly ChartSeries[]; isMobile: boolean }) {
  const width = isMobile ? NARROW : WIDE;
  const drawn = series.filter((entry) => (entry.history?.points.length ?? 0) > 0);
  if (drawn.length === 0) return <p className="clan-panel__empty muted">{t.chartEmpty}</p>;

  const points = drawn.flatMap((entry) => entry.history!.points);
  const times = points.map((point) => Date.parse(point.at));
  const ratings = points.map((point) => point.rating);
  const [start, end] = [Math.min(...times), Math.max(...times)];
  const [min, max] = [Math.min(...ratings), Math.max(...ratings)];
  const span = Math.max(max - min, 20);
  const low = min - (span - (max - min)) / 2;
  const x = (time: number) => PAD.left + (end === start ? 0.5 : (time - start) / (end - start)) * (width - PAD.left - PAD.right);
  const y = (rating: number) => PAD.top + (1 - (rating - low) / span) * (HEIGHT - PAD.top - PAD.bottom);
  const gridValues = [low + span, low + span / 2, low].map(Math.round);

  return (
    <figure className="rating-chart compare-chart" data-testid="compare-chart">
      <figcaption className="rating-chart__legend">
        {drawn.map((entry) => (
          <span key={entry.side} className={`compare-chart__key compare-side--${entry.side}`}>{entry.name} {entry.history!.current}</span>
        ))}
      </figcaption>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={t.chartLabel(series[0]?.name ?? '', series[1]?.name ?? '')}>
        {gridValues.map((value) => (
          <g key={value}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(value)} y2={y(value)} className="rating-chart__grid" />
            <text x={PAD.left - 6} y={y(value) + 4} textAnchor="end" className="rating-chart__axis">{value}</text>
          </g>
        ))}
        {drawn.map((entry) => {
          const path = entry.history!.points
            .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(Date.parse(point.at)).toFixed(1)},${y(point.rating).toFixed(1)}`)
            .join(' ');
          const last = entry.history!.points[entry.history!.points.length - 1]!;
          return (
            <g key={entry.side} className={`compare-chart__series compare-side--${entry.side}`} data-side={entry.side}>
              <path d={path} fill="none" />
              <circle cx={x(Date.parse(last.at))} cy={y(last.rating)} r={3.5} />
            </g>
          );
        })}
        <text x={PAD.left} y={HEIGHT - 5} className="rating-chart__axis">{formatNumericDate(new Date(start))}</text>
        <text x={width - PAD.right} y={HEIGHT - 5} textAnchor="end" className="rating-chart__axis">{formatNumericDate(new Date(end))}</text>
      </svg>
    </figure>
  );
}
