import type { Database } from '../../db/client.js';
import { loadCardFonts } from './card/card-fonts.js';
import { cardRenderer } from './card/card-renderer.js';
import { markArt } from './card/mark-art.js';
import { previewSources } from './entity-sources.js';
import { previewService, type PreviewService } from './preview-service.js';

/** The link preview service of an app: its sources on the app's database, the card fonts, marks and renderer. */
export function linkPreviews(deps: { prisma: Database; publicOrigin: string }): PreviewService {
  return previewService({
    sources: previewSources({ prisma: deps.prisma }),
    kit: { fonts: loadCardFonts(), marks: markArt() },
    renderer: cardRenderer(),
    publicOrigin: deps.publicOrigin,
  });
}
