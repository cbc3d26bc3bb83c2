import type { CardFont } from './card-font.js';

const ELLIPSIS = '…';

/** A line of text set at a size that fits its box. */
export interface FittedLine {
  text: string;
  size: number;
}

/** `text` cut to fit `maxWidth` at `size`, ending with an ellipsis when anything was cut. */
export function cutToWidth(font: CardFont, text: string, size: number, maxWidth: number): string {
  if (font.width(text, size) <= maxWidth) return text;
  const characters = [...text];
  while (characters.length > 0 && font.width(`${characters.join('').trimEnd()}${ELLIPSIS}`, size) > maxWidth) characters.pop();
  return `${characters.join('').trimEnd()}${ELLIPSIS}`;
}

/**
 * One line in a box: at `size` when it fits, else at the largest size down to `minSize` (in steps of 2 px) that
 * fits, else at `minSize` cut with an ellipsis. Long clan names stay whole as long as they can be read.
 */
export function fitLine(font: CardFont, text: string, box: { size: number; minSize: number; maxWidth: number }): FittedLine {
  for (let size = box.size; size >= box.minSize; size -= 2) {
    if (font.width(text, size) <= box.maxWidth) return { text, size };
  }
  return { text: cutToWidth(font, text, box.minSize, box.maxWidth), size: box.minSize };
}

/**
 * Text wrapped into at most `maxLines` lines of `maxWidth`: broken between words, a word longer than a line broken
 * between characters (Korean may break anywhere), the last line cut with an ellipsis when text is left over.
 */
export function wrapLines(font: CardFont, text: string, box: { size: number; maxWidth: number; maxLines: number }): string[] {
  const fits = (line: string) => font.width(line, box.size) <= box.maxWidth;
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter((word) => word !== '');
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const joined = current === '' ? word : `${current} ${word}`;
    if (fits(joined)) {
      current = joined;
      continue;
    }
    if (current !== '') lines.push(current);
    current = '';
    // A word wider than the line: as many characters per line as fit.
    let rest = word;
    while (!fits(rest) && lines.length < box.maxLines) {
      let count = 1;
      const characters = [...rest];
      while (count < characters.length && fits(characters.slice(0, count + 1).join(''))) count += 1;
      lines.push(characters.slice(0, count).join(''));
      rest = characters.slice(count).join('');
    }
    current = rest;
    if (lines.length >= box.maxLines) {
      const left = [current, ...words.slice(index + 1)].filter((part) => part !== '').join(' ');
      return finish(font, lines, left, box);
    }
  }
  return finish(font, lines, current, box);
}

/** Adds the last line; past `maxLines`, the text left over is cut onto the last line with an ellipsis. */
function finish(font: CardFont, lines: string[], left: string, box: { size: number; maxWidth: number; maxLines: number }): string[] {
  if (left === '') return lines;
  if (lines.length < box.maxLines) return [...lines, left];
  const last = lines[box.maxLines - 1] as string;
  return [...lines.slice(0, box.maxLines - 1), cutToWidth(font, `${last} ${left}`, box.size, box.maxWidth)];
}
