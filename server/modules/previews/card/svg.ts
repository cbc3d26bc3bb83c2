import { escapeMarkup } from '../markup-escape.js';
import type { CardFont } from './card-font.js';

/**
 * The few SVG pieces the cards are built from. Every attribute value goes through `escapeMarkup`, and text is drawn
 * as outlines (never as markup): names and titles are user and ingest data, and an unescaped '<' or '&' would
 * break the SVG.
 */

type Attributes = Record<string, string | number | undefined>;

function attributes(values: Attributes): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${escapeMarkup(String(value))}"`)
    .join('');
}

/** An element with attributes and (already built) children. */
export function element(name: string, values: Attributes, children = ''): string {
  return children === '' ? `<${name}${attributes(values)}/>` : `<${name}${attributes(values)}>${children}</${name}>`;
}

/** One line of text drawn as glyph outlines, its baseline at `y`; `anchor` says which end of it `x` is. */
export function text(
  font: CardFont,
  content: string,
  at: { x: number; y: number; size: number; fill: string; anchor?: 'start' | 'middle' | 'end' },
): string {
  const width = at.anchor === 'middle' || at.anchor === 'end' ? font.width(content, at.size) : 0;
  const x = at.anchor === 'middle' ? at.x - width / 2 : at.anchor === 'end' ? at.x - width : at.x;
  return element('path', { d: font.outline(content, x, at.y, at.size), fill: at.fill });
}

/** The whole card: its size and its parts in painting order. */
export function svgDocument(width: number, height: number, parts: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}
