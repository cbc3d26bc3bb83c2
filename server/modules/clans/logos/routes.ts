import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { Database } from '../../../db/client.js';
import { encodePng } from '../../../lib/png.js';
import { serverMessages } from '../../../lib/messages.js';
import { drawLayer, LAYER_SIZE, parseMark } from './layer-art.js';

interface ClanLogoRoutesOptions {
  prisma: Database;
}

/** `{slug}-1.png` (background layer) or `{slug}-2.png` (front layer). */
const LOGO_FILE = /^([a-z0-9][a-z0-9-]{0,62})-([12])\.png$/;

/**
 * The clan mark layers (docs/product/statistics-api.md#clan-marks), /clan-logos/{slug}-1.png (mark_bg) and -2.png
 * (mark_front), drawn from the clan's layer ids ('bg-07', 'front-12'). A clan without such a layer answers 404, and the
 * page shows default_clan.png (a static file, served before this route). There are 72 layers in all, so each is drawn
 * once and kept.
 */
const clanLogoRoutes: FastifyPluginAsyncTypebox<ClanLogoRoutesOptions> = async (app, { prisma }) => {
  const drawn = new Map<string, Buffer>();

  app.get('/clan-logos/:file', {
    schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 80 }) }) },
  }, async (request, reply) => {
    const notFound = () => reply.status(404).send({ error: 'not_found', message: serverMessages.notFound });
    const match = LOGO_FILE.exec(request.params.file);
    if (!match) return notFound();
    const clan = await prisma.clan.findUnique({ where: { slug: match[1] }, select: { markBg: true, markFront: true } });
    const mark = match[2] === '1' ? clan?.markBg : clan?.markFront;
    const layer = mark ? parseMark(mark) : null;
    if (!mark || !layer) return notFound();
    let png = drawn.get(mark);
    if (!png) drawn.set(mark, (png = encodePng(LAYER_SIZE, LAYER_SIZE, drawLayer(layer))));
    return reply
      .type('image/png')
      .header('etag', `"${mark}"`)
      // A clan's mark can change with ingest, so the browser checks back after a day.
      .header('cache-control', 'public, max-age=86400')
      .send(png);
  });
};

export default clanLogoRoutes;
