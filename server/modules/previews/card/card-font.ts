/**
 * A TrueType font read from its own tables (cmap, head, hhea, hmtx, loca, glyf): the cards measure text with it
 * (to shrink a long name or wrap a title) and draw it as outlines, so the renderer gets paths, needs no font of
 * its own, and draws exactly what was measured. Glyphs are placed by their advance widths; kerning and shaping
 * are left out, which Hangul does not need and which moves Latin letters by a pixel or two at card sizes.
 */
export interface CardFont {
  /** The width of `text` at `size` pixels. */
  width(text: string, size: number): number;
  /** SVG path data of `text` at `size` pixels, its baseline starting at (x, y). */
  outline(text: string, x: number, y: number, size: number): string;
}

interface Table {
  offset: number;
  length: number;
}

/** A glyph outline in font units: per contour, its points and whether each is on the curve. */
type Contour = { x: number; y: number; onCurve: boolean }[];

function readTables(font: Buffer): Map<string, Table> {
  const tables = new Map<string, Table>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i += 1) {
    const entry = 12 + i * 16;
    tables.set(font.toString('latin1', entry, entry + 4), { offset: font.readUInt32BE(entry + 8), length: font.readUInt32BE(entry + 12) });
  }
  return tables;
}

function table(tables: Map<string, Table>, tag: string): number {
  const found = tables.get(tag);
  if (!found) throw new Error(`the font has no ${tag} table (a TrueType font with glyf outlines is needed)`);
  return found.offset;
}

/** The glyph of a code point from the font's format 12 (all of Unicode) or format 4 (BMP) character map; 0 if none. */
function characterMap(font: Buffer, cmap: number): (codePoint: number) => number {
  let format4: number | undefined;
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i += 1) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const subtable = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(subtable);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (unicode && format === 12) return format12(font, subtable);
    if (unicode && format === 4) format4 ??= subtable;
  }
  if (format4 === undefined) throw new Error('the font has no Unicode character map');
  return format4Map(font, format4);
}

function format12(font: Buffer, subtable: number): (codePoint: number) => number {
  const groups = font.readUInt32BE(subtable + 12);
  return (codePoint) => {
    let low = 0;
    let high = groups - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const group = subtable + 16 + middle * 12;
      if (codePoint < font.readUInt32BE(group)) high = middle - 1;
      else if (codePoint > font.readUInt32BE(group + 4)) low = middle + 1;
      else return font.readUInt32BE(group + 8) + codePoint - font.readUInt32BE(group);
    }
    return 0;
  };
}

function format4Map(font: Buffer, subtable: number): (codePoint: number) => number {
  const segments = font.readUInt16BE(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let i = 0; i < segments; i += 1) {
      if (codePoint > font.readUInt16BE(ends + i * 2)) continue;
      const start = font.readUInt16BE(starts + i * 2);
      if (codePoint < start) return 0;
      const delta = font.readInt16BE(deltas + i * 2);
      const rangeOffset = font.readUInt16BE(rangeOffsets + i * 2);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = font.readUInt16BE(rangeOffsets + i * 2 + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Flag bits of a simple glyph's points. */
const ON_CURVE = 1;
const X_SHORT = 2;
const Y_SHORT = 4;
const REPEAT = 8;
const X_SAME_OR_POSITIVE = 16;
const Y_SAME_OR_POSITIVE = 32;

/** The contours of a simple glyph at `offset` of the glyf table; a composite glyph (none in the fonts used) draws nothing. */
function readContours(font: Buffer, offset: number): Contour[] {
  const contourCount = font.readInt16BE(offset);
  if (contourCount <= 0) return [];
  const ends = Array.from({ length: contourCount }, (_, i) => font.readUInt16BE(offset + 10 + i * 2));
  const pointCount = (ends[contourCount - 1] as number) + 1;
  let cursor = offset + 10 + contourCount * 2;
  cursor += 2 + font.readUInt16BE(cursor); // hinting instructions
  const flags: number[] = [];
  while (flags.length < pointCount) {
    const flag = font.readUInt8(cursor++);
    flags.push(flag);
    if (flag & REPEAT) for (let repeat = font.readUInt8(cursor++); repeat > 0; repeat -= 1) flags.push(flag);
  }
  const readAxis = (short: number, sameOrPositive: number) => {
    let value = 0;
    return flags.map((flag) => {
      if (flag & short) {
        const delta = font.readUInt8(cursor++);
        value += flag & sameOrPositive ? delta : -delta;
      } else if (!(flag & sameOrPositive)) {
        value += font.readInt16BE(cursor);
        cursor += 2;
      }
      return value;
    });
  };
  const xs = readAxis(X_SHORT, X_SAME_OR_POSITIVE);
  const ys = readAxis(Y_SHORT, Y_SAME_OR_POSITIVE);
  let first = 0;
  return ends.map((end) => {
    const contour = Array.from({ length: end - first + 1 }, (_, i) => ({
      x: xs[first + i] as number, y: ys[first + i] as number, onCurve: ((flags[first + i] as number) & ON_CURVE) !== 0,
    }));
    first = end + 1;
    return contour;
  });
}

/**
 * Path data of contours of quadratic curves, moved to (x, y) and scaled by `scale` (font units point up, SVG down).
 * Between two off-curve points lies an implied on-curve point halfway.
 */
function contourPath(contours: Contour[], x: number, y: number, scale: number): string {
  const px = (value: number) => Math.round((x + value * scale) * 10) / 10;
  const py = (value: number) => Math.round((y - value * scale) * 10) / 10;
  let path = '';
  for (const contour of contours) {
    if (contour.length === 0) continue;
    const last = contour[contour.length - 1]!;
    const head = contour[0]!;
    const start = head.onCurve ? head : last.onCurve ? last : { x: (head.x + last.x) / 2, y: (head.y + last.y) / 2, onCurve: true };
    path += `M${px(start.x)} ${py(start.y)}`;
    let control: { x: number; y: number } | null = null;
    const points = head.onCurve ? contour.slice(1) : last.onCurve ? contour.slice(0, -1) : contour;
    for (const point of [...points, start]) {
      if (!point.onCurve) {
        if (control) {
          const middle = { x: (control.x + point.x) / 2, y: (control.y + point.y) / 2 };
          path += `Q${px(control.x)} ${py(control.y)} ${px(middle.x)} ${py(middle.y)}`;
        }
        control = point;
      } else if (control) {
        path += `Q${px(control.x)} ${py(control.y)} ${px(point.x)} ${py(point.y)}`;
        control = null;
      } else {
        path += `L${px(point.x)} ${py(point.y)}`;
      }
    }
    path += 'Z';
  }
  return path;
}

/** Reads a TrueType font (glyf outlines; not a collection). Outlines are read on first use and kept per glyph. */
export function readCardFont(font: Buffer): CardFont {
  const tables = readTables(font);
  const head = table(tables, 'head');
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longOffsets = font.readInt16BE(head + 50) === 1;
  const metricCount = font.readUInt16BE(table(tables, 'hhea') + 34);
  const hmtx = table(tables, 'hmtx');
  const loca = table(tables, 'loca');
  const glyf = table(tables, 'glyf');
  const glyphOf = characterMap(font, table(tables, 'cmap'));
  const glyphOffset = (glyph: number) => (longOffsets ? font.readUInt32BE(loca + glyph * 4) : font.readUInt16BE(loca + glyph * 2) * 2);

  const glyphs = new Map<number, { advance: number; contours: Contour[] }>();
  const glyphFor = (codePoint: number) => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) {
      const id = glyphOf(codePoint);
      const start = glyphOffset(id);
      // Glyphs past the last full metric share its advance (the hmtx rule); an empty glyph (a space) has no outline.
      glyph = {
        advance: font.readUInt16BE(hmtx + Math.min(id, metricCount - 1) * 4),
        contours: glyphOffset(id + 1) > start ? readContours(font, glyf + start) : [],
      };
      glyphs.set(codePoint, glyph);
    }
    return glyph;
  };
  const characters = (text: string) => [...text].map((character) => glyphFor(character.codePointAt(0) as number));

  return {
    width(text, size) {
      return (characters(text).reduce((sum, glyph) => sum + glyph.advance, 0) * size) / unitsPerEm;
    },
    outline(text, x, y, size) {
      const scale = size / unitsPerEm;
      let pen = x;
      let path = '';
      for (const glyph of characters(text)) {
        path += contourPath(glyph.contours, pen, y, scale);
        pen += glyph.advance * scale;
      }
      return path;
    },
  };
}
