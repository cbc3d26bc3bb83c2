import { drawLayer, parseMark } from '../../clans/logos/layer-art.js';
import { encodePng } from '../../../lib/png.js';
import type { ClanMark } from '../preview-model.js';

/** Pixel size the cards draw mark layers at: the largest mark a card shows (220 px), not scaled up. */
export const MARK_PIXELS = 224;

/**
 * The layers of the site's default mark (default_clan.png: a steel shield with a gold star), for a clan without
 * mark layers or with ids no layer has.
 */
const DEFAULT_MARK = { bg: 'bg-01', front: 'front-01' } as const;

export interface MarkArt {
  /** PNG data URIs of a mark's background and front layers, ready for an SVG <image>. */
  layers(mark: ClanMark): { bg: string; front: string | null };
}

/**
 * Clan marks for the cards, drawn by the clan logo art (server/modules/clans/logos) at card size. There are 72
 * layers in all, so each is drawn once and kept: the store is bounded by the art itself.
 */
export function markArt(): MarkArt {
  const drawn = new Map<string, string>();
  const dataUri = (id: string): string | null => {
    const layer = parseMark(id);
    if (!layer) return null;
    let uri = drawn.get(id);
    if (!uri) {
      uri = `data:image/png;base64,${encodePng(MARK_PIXELS, MARK_PIXELS, drawLayer(layer, MARK_PIXELS)).toString('base64')}`;
      drawn.set(id, uri);
    }
    return uri;
  };
  return {
    layers(mark) {
      const bg = mark.bg === null ? null : dataUri(mark.bg);
      if (bg === null) return { bg: dataUri(DEFAULT_MARK.bg) as string, front: dataUri(DEFAULT_MARK.front) };
      return { bg, front: mark.front === null ? null : dataUri(mark.front) };
    },
  };
}
