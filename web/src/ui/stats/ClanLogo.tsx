import { useImageStatus } from './image-probe';
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
  if (!slug || mark === null) return null;
  if (mark && /^(\/|https?:\/\/)/.test(mark)) return mark;
  return `/clan-logos/${encodeURIComponent(slug)}-${layer}.png`;
}

/**
 * A clan mark drawn from two stacked images (background, then front). The default mark shows until the
 * background is known to load, and instead of it when it cannot; a missing front layer leaves the background.
 * Each address is requested once per visit (image-probe), however many rows show the clan. Decorative: the
 * clan's name is always written beside it.
 */
export function ClanLogo({ slug, markBg, markFront, size = 28 }: ClanLogoProps) {
  const background = layerSource(slug, markBg, 1);
  const backgroundStatus = useImageStatus(background);
  const front = backgroundStatus === 'ok' ? layerSource(slug, markFront, 2) : null;
  const frontStatus = useImageStatus(front);
  const style = { width: size, height: size };
  return (
    <span className="clan-logo" style={style} aria-hidden="true">
      {backgroundStatus === 'ok' && background ? (
        <>
          <img src={background} alt="" width={size} height={size} />
          {frontStatus === 'ok' && front && <img className="clan-logo__front" src={front} alt="" width={size} height={size} />}
        </>
      ) : (
        <img src={DEFAULT_CLAN_LOGO} alt="" width={size} height={size} />
      )}
    </span>
  );
}
