import { previewTexts } from '../../../lib/messages.js';
import type { CardFonts } from './card-fonts.js';
import { CARD_HEIGHT, CARD_WIDTH } from './card-renderer.js';
import type { MarkArt } from './mark-art.js';
import { element, text } from './svg.js';
import { fitLine } from './text-fit.js';
import type { ClanMark } from '../preview-model.js';

/** The site's dark theme (web/src/styles/global.css), so a card looks like the page it opens. */
export const THEME = {
  bg: '#0b1020',
  elevated: '#121a2e',
  surface: '#161f36',
  border: '#26324f',
  text: '#e6e9f2',
  muted: '#8e99b3',
  accent: '#f59e0b',
  link: '#7cc4ff',
  win: '#3b82f6',
  lose: '#ef4444',
  draw: '#6b7280',
} as const;

/** Space left free at every edge of a card. */
export const MARGIN = 64;
export const CONTENT_WIDTH = CARD_WIDTH - 2 * MARGIN;

/** What every card is drawn with: the font metrics (to fit text) and the clan mark art. */
export interface CardKit {
  fonts: CardFonts;
  marks: MarkArt;
}

/** A line of text in the regular or the bold weight (see `text`). */
export function write(
  kit: CardKit,
  content: string,
  at: { x: number; y: number; size: number; fill: string; bold?: boolean; anchor?: 'start' | 'middle' | 'end' },
): string {
  return text(at.bold ? kit.fonts.bold : kit.fonts.regular, content, at);
}

/** The background: the page colour, a soft glow of the accent at the top left, a line of it at the foot. */
export function frame(): string {
  return [
    element('defs', {}, element('radialGradient', { id: 'glow', cx: '0.1', cy: '0', r: '0.9' },
      element('stop', { offset: '0', 'stop-color': '#1b2a4e' }) + element('stop', { offset: '1', 'stop-color': THEME.bg }))),
    element('rect', { width: CARD_WIDTH, height: CARD_HEIGHT, fill: 'url(#glow)' }),
    element('rect', { y: CARD_HEIGHT - 8, width: CARD_WIDTH, height: 8, fill: THEME.accent }),
  ].join('');
}

/** The site's icon (web/public/favicon.svg) and name, top left. */
export function brand(kit: CardKit): string {
  const icon = element('g', { transform: `translate(${MARGIN} 44) scale(0.875)` }, [
    element('rect', { width: 64, height: 64, rx: 14, fill: '#0f172a' }),
    element('path', {
      d: 'M14 40c0 6 6 10 14 10 9 0 14-4 14-10 0-12-26-7-26-17 0-4 4-7 11-7 6 0 10 2 12 6',
      fill: 'none', stroke: THEME.accent, 'stroke-width': 6, 'stroke-linecap': 'round',
    }),
    element('circle', { cx: 50, cy: 16, r: 5, fill: '#38bdf8' }),
  ].join(''));
  return icon + write(kit, previewTexts.siteName, { x: MARGIN + 72, y: 84, size: 32, bold: true, fill: THEME.text });
}

/** A rounded label at the top right (the league or the board), cut to half the card's width. */
export function pill(kit: CardKit, label: string): string {
  const fitted = fitLine(kit.fonts.bold, label, { size: 28, minSize: 28, maxWidth: CONTENT_WIDTH / 2 });
  const width = kit.fonts.bold.width(fitted.text, fitted.size) + 48;
  const x = CARD_WIDTH - MARGIN - width;
  return element('rect', { x, y: 46, width, height: 52, rx: 26, fill: THEME.surface, stroke: THEME.border, 'stroke-width': 2 })
    + write(kit, fitted.text, { x: x + 24, y: 82, size: fitted.size, bold: true, fill: THEME.accent });
}

/** A clan mark, its two layers stacked, `size` px square with its top left at (x, y). */
export function mark(kit: CardKit, clanMark: ClanMark, x: number, y: number, size: number): string {
  const layers = kit.marks.layers(clanMark);
  const image = (href: string) => element('image', { x, y, width: size, height: size, href });
  return image(layers.bg) + (layers.front ? image(layers.front) : '');
}

export interface Stat {
  label: string;
  value: string;
  /** Share of the row's width against the other stats'. */
  weight?: number;
}

/** Figures side by side in boxes across the card: a muted label over a bold value that shrinks to fit. */
export function statRow(kit: CardKit, stats: Stat[], y: number): string {
  const gap = 20;
  const totalWeight = stats.reduce((sum, stat) => sum + (stat.weight ?? 1), 0);
  const room = CONTENT_WIDTH - gap * (stats.length - 1);
  let x = MARGIN;
  return stats.map((stat) => {
    const width = (room * (stat.weight ?? 1)) / totalWeight;
    const value = fitLine(kit.fonts.bold, stat.value, { size: 54, minSize: 30, maxWidth: width - 48 });
    const box = element('rect', { x, y, width, height: 128, rx: 18, fill: THEME.surface, stroke: THEME.border, 'stroke-width': 2 })
      + write(kit, stat.label, { x: x + 24, y: y + 42, size: 26, fill: THEME.muted })
      + write(kit, value.text, { x: x + 24, y: y + 104, size: value.size, bold: true, fill: THEME.text });
    x += width + gap;
    return box;
  }).join('');
}

/** Wins, losses and draws as one bar in their colours (an empty track before the first match). */
export function recordBar(record: { win: number; lose: number; draw: number }, y: number): string {
  const height = 14;
  const total = record.win + record.lose + record.draw;
  const track = element('rect', { x: MARGIN, y, width: CONTENT_WIDTH, height, rx: height / 2, fill: THEME.surface });
  if (total === 0) return track;
  let x = MARGIN;
  const parts = ([['win', THEME.win], ['lose', THEME.lose], ['draw', THEME.draw]] as const).map(([key, fill]) => {
    const width = (CONTENT_WIDTH * record[key]) / total;
    const part = width > 0 ? element('rect', { x, y, width, height, fill }) : '';
    x += width;
    return part;
  }).join('');
  return element('defs', {}, element('clipPath', { id: 'bar' }, element('rect', { x: MARGIN, y, width: CONTENT_WIDTH, height, rx: height / 2 })))
    + track + element('g', { 'clip-path': 'url(#bar)' }, parts);
}
