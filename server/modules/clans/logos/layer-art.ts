import { bar, Canvas, circle, minus, polygon, regular, scaled, union, type Colour, type Shape } from './raster.js';

/** Pixel size of a layer image: sharp at the largest mark the pages show (64 px) on a 2x screen. */
export const LAYER_SIZE = 128;

/** Background outlines (mark_bg 'bg-01' .. 'bg-24': outline = (n - 1) % 6, palette = (n - 1) / 6). */
const OUTLINES: Shape[] = [
  polygon([[0.5, 0.05], [0.9, 0.19], [0.86, 0.56], [0.5, 0.95], [0.14, 0.56], [0.1, 0.19]]), // shield
  circle(0.5, 0.5, 0.45),
  union(bar(0.9, 0.62, 0), bar(0.62, 0.9, 0), circle(0.19, 0.19, 0.14), circle(0.81, 0.19, 0.14), circle(0.19, 0.81, 0.14), circle(0.81, 0.81, 0.14)),
  regular(6, 0.47),
  regular(4, 0.48),
  regular(8, 0.47, Math.PI / 8),
];

/** Background palettes: the rim, then the field inside it. */
const PALETTES: [rim: Colour, field: Colour][] = [
  [[120, 144, 186], [28, 40, 72]], // steel on navy
  [[214, 92, 92], [78, 18, 26]], // red on maroon
  [[96, 176, 120], [18, 58, 38]], // green on forest
  [[222, 178, 84], [64, 42, 16]], // gold on bronze
];

/** Front emblems (mark_front 'front-01' .. 'front-48': emblem = (n - 1) % 12, colour = (n - 1) / 12). */
const EMBLEMS: Shape[] = [
  star(0.27, 0.11),
  polygon([[0.25, 0.62], [0.5, 0.36], [0.75, 0.62], [0.75, 0.72], [0.5, 0.48], [0.25, 0.72]]), // chevron
  union(
    polygon([[0.25, 0.5], [0.5, 0.26], [0.75, 0.5], [0.75, 0.58], [0.5, 0.36], [0.25, 0.58]]),
    polygon([[0.25, 0.68], [0.5, 0.44], [0.75, 0.68], [0.75, 0.76], [0.5, 0.54], [0.25, 0.76]]),
  ), // double chevron
  union(bar(0.52, 0.11, Math.PI / 4), bar(0.52, 0.11, -Math.PI / 4)), // crossed blades
  union(bar(0.5, 0.13, 0), bar(0.13, 0.5, 0)), // cross
  minus(circle(0.5, 0.5, 0.24), circle(0.5, 0.5, 0.15)), // ring
  union(minus(circle(0.5, 0.5, 0.21), circle(0.5, 0.5, 0.16)), bar(0.56, 0.05, 0), bar(0.05, 0.56, 0), circle(0.5, 0.5, 0.04)), // crosshair
  polygon([[0.56, 0.22], [0.33, 0.54], [0.48, 0.54], [0.42, 0.8], [0.67, 0.44], [0.52, 0.44], [0.6, 0.22]]), // lightning
  regular(3, 0.28),
  polygon([[0.26, 0.7], [0.26, 0.36], [0.38, 0.5], [0.5, 0.3], [0.62, 0.5], [0.74, 0.36], [0.74, 0.7]]), // crown
  union(polygon([[0.5, 0.24], [0.72, 0.5], [0.58, 0.5], [0.58, 0.76], [0.42, 0.76], [0.42, 0.5], [0.28, 0.5]])), // arrow
  union(minus(regular(4, 0.27), regular(4, 0.17)), regular(4, 0.08)), // gem
];

const EMBLEM_COLOURS: Colour[] = [
  [246, 190, 60], // gold
  [240, 243, 248], // white
  [88, 212, 236], // cyan
  [255, 106, 96], // red
];

/** A five-pointed star around the centre. */
function star(outer: number, inner: number): Shape {
  return polygon(
    Array.from({ length: 10 }, (_, i) => {
      const radius = i % 2 === 0 ? outer : inner;
      const angle = (i * Math.PI) / 5;
      return [0.5 + radius * Math.sin(angle), 0.52 - radius * Math.cos(angle)] as const;
    }),
  );
}

/** The layer a mark id names, or null when it names none: 'bg-NN' (1-24) or 'front-NN' (1-48). */
export function parseMark(mark: string): { kind: 'bg' | 'front'; index: number } | null {
  const match = /^(bg|front)-(\d{2})$/.exec(mark);
  if (!match) return null;
  const kind = match[1] as 'bg' | 'front';
  const index = Number(match[2]) - 1;
  const count = kind === 'bg' ? OUTLINES.length * PALETTES.length : EMBLEMS.length * EMBLEM_COLOURS.length;
  return index >= 0 && index < count ? { kind, index } : null;
}

/**
 * The RGBA pixels of a layer, `size` pixels square: a rimmed outline for a background, an emblem on transparency
 * for a front. The shapes are drawn from the unit square, so any size is as sharp (the link preview cards draw
 * marks larger than the pages do).
 */
export function drawLayer(layer: { kind: 'bg' | 'front'; index: number }, size = LAYER_SIZE): Uint8Array {
  const canvas = new Canvas(size);
  if (layer.kind === 'bg') {
    const outline = OUTLINES[layer.index % OUTLINES.length] as Shape;
    const [rim, field] = PALETTES[Math.floor(layer.index / OUTLINES.length)] as [Colour, Colour];
    canvas.fill(outline, rim);
    canvas.fill(scaled(outline, 0.86), field);
  } else {
    const emblem = EMBLEMS[layer.index % EMBLEMS.length] as Shape;
    canvas.fill(scaled(emblem, 1.04), [0, 0, 0, 110]); // a soft edge so light emblems read on light fields
    canvas.fill(emblem, EMBLEM_COLOURS[Math.floor(layer.index / EMBLEMS.length)] as Colour);
  }
  return canvas.pixels;
}
