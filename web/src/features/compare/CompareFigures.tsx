import type { ReactNode } from 'react';
import type { ComparedPlayer } from '@shared/contracts/comparison';
import { ko } from '../../i18n/ko';
import { averageKillsColour, generalRateColour, killShareColour, type ColourToken } from '../../lib/colour-bands';
import { Tone, formatNumber, formatPercent, formatRatio } from '../../ui/stats';

const t = ko.reader.compare;

interface FigureRow {
  label: string;
  value: (player: ComparedPlayer) => number | null;
  show: (player: ComparedPlayer) => ReactNode;
  /** Which way is better; none: not a contest (the record). */
  better?: 'higher' | 'lower';
}

/** A figure in its colour band ('-' when missing). */
const toned = (value: number | null, band: (value: number) => ColourToken, text: string) =>
  <Tone colour={value === null ? 'neutral' : band(value)}>{text}</Tone>;

const ROWS: readonly FigureRow[] = [
  { label: t.rating, value: (player) => player.rating, show: (player) => formatNumber(player.rating), better: 'higher' },
  {
    label: t.rank,
    value: (player) => player.rank,
    show: (player) => (player.rank === null ? t.noRecord : t.rankValue(player.rank, player.rankTotal)),
    better: 'lower',
  },
  {
    label: t.record,
    value: (player) => player.totalMatches,
    show: (player) => ko.stats.common.recordWithDraws(player.win, player.lose, player.draw),
  },
  {
    label: t.winRate,
    value: (player) => player.win_rate,
    show: (player) => toned(player.win_rate, generalRateColour, formatPercent(player.win_rate)),
    better: 'higher',
  },
  {
    label: t.kd,
    value: (player) => player.kd_rate,
    show: (player) => toned(player.kd_rate, generalRateColour, formatPercent(player.kd_rate)),
    better: 'higher',
  },
  {
    label: t.avgKills,
    value: (player) => player.avgKill,
    show: (player) => toned(player.avgKill, averageKillsColour, formatRatio(player.avgKill, 1)),
    better: 'higher',
  },
  {
    label: t.killShare,
    value: (player) => player.kill_share,
    show: (player) => toned(player.kill_share, killShareColour, formatPercent(player.kill_share)),
    better: 'higher',
  },
  { label: t.mvp, value: (player) => player.mvp, show: (player) => formatNumber(player.mvp), better: 'higher' },
  {
    label: t.peak,
    value: (player) => player.peak?.rating ?? null,
    show: (player) => formatNumber(player.peak?.rating ?? null),
    better: 'higher',
  },
];

/** Which side a row's figure favours, when both have one and they differ. */
function leader(row: FigureRow, a: ComparedPlayer, b: ComparedPlayer): 'a' | 'b' | null {
  const [x, y] = [row.value(a), row.value(b)];
  if (!row.better || x === null || y === null || x === y) return null;
  return (row.better === 'higher') === x > y ? 'a' : 'b';
}

/** The two players' main figures in one table, the label in the middle; the better figure of each row stands out. */
export function CompareFigures({ a, b }: { a: ComparedPlayer; b: ComparedPlayer }) {
  return (
    <table className="compare-figures" data-testid="compare-figures">
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{a.nickname}</th>
          <th scope="col">{t.figures}</th>
          <th scope="col">{b.nickname}</th>
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => {
          const ahead = leader(row, a, b);
          return (
            <tr key={row.label}>
              <td className={ahead === 'a' ? 'compare-figures__cell compare-figures__cell--ahead' : 'compare-figures__cell'}
                data-side="a" title={ahead === 'a' ? t.better : undefined}>
                {row.show(a)}
              </td>
              <th scope="row" className="compare-figures__label">{row.label}</th>
              <td className={ahead === 'b' ? 'compare-figures__cell compare-figures__cell--ahead' : 'compare-figures__cell'}
                data-side="b" title={ahead === 'b' ? t.better : undefined}>
                {row.show(b)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
