import type { StatsCore } from '../stats-core/stats-core.js';
import { loadCardFonts } from './card/card-fonts.js';
import { cardRenderer } from './card/card-renderer.js';
import { markArt } from './card/mark-art.js';
import { previewSources } from './entity-sources.js';
import type { PreviewCache } from './preview-cache.js';
import { previewService, type PreviewService } from './preview-service.js';

export interface LinkPreviewDeps {
  /** The statistics core the pages' own reads go through (built in buildApp). */
  core: StatsCore;
  /** What the previews keep (built in buildApp, which clears it on each change of league data). */
  cache: PreviewCache;
  publicOrigin: string;
}

/** The link preview service of an app: its sources on the app's statistics core, the card fonts, marks and renderer. */
export function linkPreviews({ core, cache, publicOrigin }: LinkPreviewDeps): PreviewService {
  return previewService({
    sources: previewSources({ core }),
    kit: { fonts: loadCardFonts(), marks: markArt() },
    renderer: cardRenderer(),
    publicOrigin,
    cache,
  });
}
