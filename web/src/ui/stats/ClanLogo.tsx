import { useEffect, useRef } from 'react';
import { whenNearScreen } from '../../lib/near-screen';
import { knownImageStatus, whenImageSettles } from './image-probe';
import './stats.css';

/** The image shown when a clan has no logo or its layers cannot load (docs/product/statistics-api.md#clan-marks). */
export const DEFAULT_CLAN_LOGO = '/clan-logos/default_clan.png';

interface ClanLogoProps {
  /** The clan's slug; its layers live at /clan-logos/{slug}-1.png (background) and -2.png (front). */
  slug?: string | null;
  /**
   * The answer's mark_bg / mark_front: null means the clan has no mark (the default image at once); an image
   * address is used as it is; any other value (a layer id) means the slug's layer images.
   */
  markBg?: string | null;
  markFront?: string | null;
  /** Edge length in pixels. */
  size?: number;
}

function layerSource(slug: string | null | undefined, mark: string | null | undefined, layer: 1 | 2): string | null {
  if (!slug || mark === null || mark === DEFAULT_CLAN_LOGO) return null;
  if (mark && /^(\/|https?:\/\/)/.test(mark)) return mark;
  return `/clan-logos/${encodeURIComponent(slug)}-${layer}.png`;
}

/** The layers known to have loaded, as the mark's data-loaded attribute names them (the stylesheet shows those). */
function loadedLayers(background: string | null, front: string | null): string | undefined {
  if (!background || knownImageStatus(background) !== 'ok') return undefined;
  return front && knownImageStatus(front) === 'ok' ? 'background front' : 'background';
}

/**
 * Shows the mark's layers in `mark` as they turn out to load, by writing the images' addresses and the mark's
 * data-loaded attribute (as the render would write them, so a later render changes nothing): a logo settling
 * re-renders neither itself nor its row. Nothing is asked for until the mark is near the screen.
 */
function showLayersWhenLoaded(mark: HTMLElement, background: string, front: string | null): () => void {
  const cancels: (() => void)[] = [];
  const show = (layer: 'background' | 'front', src: string) => {
    mark.querySelector<HTMLImageElement>(`.clan-logo__${layer}`)?.setAttribute('src', src);
    mark.dataset.loaded = layer === 'front' ? 'background front' : 'background';
  };
  cancels.push(whenNearScreen(mark, () => {
    cancels.push(whenImageSettles(background, (backgroundLoads) => {
      if (!backgroundLoads) return;
      show('background', background);
      if (front) cancels.push(whenImageSettles(front, (frontLoads) => frontLoads && show('front', front)));
    }));
  }));
  return () => cancels.forEach((cancel) => cancel());
}

/**
 * A clan mark drawn from two stacked images (background, then front). The default mark shows until the
 * background is known to load, and instead of it when it cannot; a missing front layer leaves the background.
 * Each address is requested once per visit (image-probe), however many rows show the clan, and only once the
 * mark comes near the screen; the mark switches layers in the page itself, without a render (a ranking page
 * settles dozens of marks while it loads). Decorative: the clan's name is always written beside it.
 */
export function ClanLogo({ slug, markBg, markFront, size = 28 }: ClanLogoProps) {
  const background = layerSource(slug, markBg, 1);
  const front = background ? layerSource(slug, markFront, 2) : null;
  const mark = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!mark.current || !background) return undefined;
    return showLayersWhenLoaded(mark.current, background, front);
  }, [background, front]);
  const loaded = loadedLayers(background, front);
  return (
    // Keyed by its layers: another clan's mark starts afresh instead of keeping the layers written for this one.
    <span key={`${background}|${front}`} ref={mark} className="clan-logo" style={{ width: size, height: size }}
      aria-hidden="true" data-loaded={loaded}>
      <img className="clan-logo__default" src={DEFAULT_CLAN_LOGO} alt="" width={size} height={size} />
      {background && (
        <img className="clan-logo__background" src={loaded ? background : undefined} alt="" width={size} height={size} />
      )}
      {front && (
        <img className="clan-logo__front" src={loaded === 'background front' ? front : undefined} alt="" width={size} height={size} />
      )}
    </span>
  );
}
