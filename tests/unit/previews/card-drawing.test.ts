import { describe, expect, it } from 'vitest';
import { loadCardFonts } from '../../../server/modules/previews/card/card-fonts.js';
import { entityCard } from '../../../server/modules/previews/card/card-layouts.js';
import { CARD_HEIGHT, CARD_WIDTH, cardRenderer } from '../../../server/modules/previews/card/card-renderer.js';
import { markArt } from '../../../server/modules/previews/card/mark-art.js';
import { escapeMarkup } from '../../../server/modules/previews/markup-escape.js';
import { cutToWidth, fitLine, wrapLines } from '../../../server/modules/previews/card/text-fit.js';
import type { ClanPreview } from '../../../server/modules/previews/preview-model.js';

const fonts = loadCardFonts();
const kit = { fonts, marks: markArt() };

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const clan = (name: string): ClanPreview => ({
  kind: 'clan',
  slug: 'hawks',
  name,
  mark: { bg: 'bg-07', front: 'front-12' },
  league: { slug: 'sal-beginner', label: '통합 비기너 리그' },
  figures: { rating: 1234, matches: 120, win: 80, lose: 35, draw: 5, winRate: 68.8, rank: 3, rankTotal: 40 },
  playsNowIn: null,
});

describe('card font: measuring and drawing text from the font file', () => {
  it('measures a text as the sum of its characters, in proportion to the size', () => {
    const { bold } = fonts;
    expect(bold.width('붉은매 Hawks', 40)).toBeCloseTo(bold.width('붉은매', 40) + bold.width(' ', 40) + bold.width('Hawks', 40), 6);
    expect(bold.width('붉은매', 80)).toBeCloseTo(bold.width('붉은매', 40) * 2, 6);
    // Hangul syllables share one advance, a little under one em.
    expect(bold.width('가나다', 50)).toBeCloseTo(bold.width('가', 50) * 3, 6);
    expect(bold.width('가', 50)).toBeGreaterThan(40);
    expect(bold.width('가', 50)).toBeLessThanOrEqual(50);
  });

  it('draws glyphs as closed outlines inside the line, and a space as nothing', () => {
    const path = fonts.regular.outline('가', 100, 200, 50);
    expect(path).toMatch(/^M[\d.]+ [\d.]+/);
    expect(path.endsWith('Z')).toBe(true);
    const numbers = path.match(/-?\d+(\.\d+)?/g)!.map(Number);
    const xs = numbers.filter((_, index) => index % 2 === 0);
    const ys = numbers.filter((_, index) => index % 2 === 1);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...xs)).toBeLessThanOrEqual(150);
    expect(Math.min(...ys)).toBeGreaterThan(200 - 50);
    expect(Math.max(...ys)).toBeLessThanOrEqual(200 + 15);
    expect(fonts.regular.outline(' ', 0, 0, 50)).toBe('');
  });
});

describe('fitting text into a box', () => {
  const { bold } = fonts;

  it('keeps a name that fits at its size, shrinks a longer one, and cuts one too long even at the smallest size', () => {
    expect(fitLine(bold, '흑룡', { size: 76, minSize: 44, maxWidth: 800 })).toEqual({ text: '흑룡', size: 76 });
    const longer = fitLine(bold, '가'.repeat(14), { size: 76, minSize: 44, maxWidth: 800 });
    expect(longer.text).toBe('가'.repeat(14));
    expect(longer.size).toBeLessThan(76);
    expect(bold.width(longer.text, longer.size)).toBeLessThanOrEqual(800);
    const cut = fitLine(bold, '가'.repeat(40), { size: 76, minSize: 44, maxWidth: 800 });
    expect(cut.size).toBe(44);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(bold.width(cut.text, 44)).toBeLessThanOrEqual(800);
  });

  it('wraps between words, breaks a word longer than a line, and cuts what the last line cannot hold', () => {
    const box = { size: 60, maxWidth: 600, maxLines: 3 };
    const short = wrapLines(bold, '짧은 제목', box);
    expect(short).toEqual(['짧은 제목']);
    const long = wrapLines(bold, '이번 시즌 비기너 리그 클랜전 후기와 다음 시즌에 바라는 점을 길게 적어 보았습니다 끝까지 읽어 주세요', box);
    expect(long).toHaveLength(3);
    for (const line of long) expect(bold.width(line, 60)).toBeLessThanOrEqual(600);
    expect(long[2]!.endsWith('…')).toBe(true);
    const unbroken = wrapLines(bold, '가'.repeat(25), box);
    expect(unbroken.slice(0, 2).join('')).toBe('가'.repeat(20));
    expect(unbroken[2]).toBe('가'.repeat(5));
    expect(cutToWidth(bold, '가'.repeat(25), 60, 600).endsWith('…')).toBe(true);
  });
});

describe('cards', () => {
  it('escapes markup in attribute values', () => {
    expect(escapeMarkup('<a href="x">&\'')).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;');
  });

  it('holds a hostile clan name only as outlines, never as markup', () => {
    const svg = entityCard(kit, clan('<script>alert(1)</script>&amp;'));
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('alert');
    expect(svg).not.toContain('&amp;');
  });

  it('renders a clan card as a 1200 x 630 PNG', async () => {
    const png = await cardRenderer().render(entityCard(kit, clan('붉은매 전투단 아주 긴 이름의 클랜 Red Hawks')));
    expect(pngSize(png)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(CARD_WIDTH / CARD_HEIGHT).toBeCloseTo(1.905, 2);
  });
});
