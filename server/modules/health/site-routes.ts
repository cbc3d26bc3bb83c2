import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';

const SiteInfo = Type.Object({ contactEmail: Type.String(), version: Type.String() });

/** GET /api/site: public facts of this installation the footer and legal pages show. */
const siteRoutes: FastifyPluginAsyncTypebox<{ contactEmail: string; version: string }> = async (app, options) => {
  const body = { contactEmail: options.contactEmail, version: options.version };
  app.get('/api/site', { schema: { tags: ['site'], summary: 'Public site facts', response: { 200: SiteInfo } } }, async () => body);
};

export default siteRoutes;
