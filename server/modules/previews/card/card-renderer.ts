import { renderAsync } from '@resvg/resvg-js';

/** The size messengers and Open Graph expect of a large preview image (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface CardRenderer {
  /** The PNG of a card's SVG (drawn by resvg off the main thread). */
  render(svg: string): Promise<Buffer>;
}

/**
 * Draws cards with resvg, at most `concurrency` at a time: a render takes a core for some milliseconds, and on a
 * small machine a burst of new links must not take every core from the API. Cards hold their text as outlines
 * (card-font.ts), so no font is loaded, and a card looks the same on every machine.
 */
export function cardRenderer(concurrency = 2): CardRenderer {
  const options = { font: { loadSystemFonts: false }, fitTo: { mode: 'original' as const } };
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finished render hands its slot straight to the next waiting one, so the count never goes past the bound.
  const slot = async () => {
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async render(svg) {
      await slot();
      try {
        return (await renderAsync(svg, options)).asPng();
      } finally {
        release();
      }
    },
  };
}
