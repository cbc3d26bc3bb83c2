import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { serverMessages } from '../../lib/messages.js';
import type { CardAddress, PreviewService } from './preview-service.js';

interface PreviewRoutesOptions {
  previews: PreviewService;
}

/** A path segment that names a card: a key of at most 100 characters (the file adds `.png`). */
const Segment = Type.String({ minLength: 1, maxLength: 100 });
const CardFile = Type.String({ minLength: 1, maxLength: 104 });
const CardQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 32 })) });
const LeagueCardParams = Type.Object({ league: Segment, file: CardFile });
const MatchCardParams = Type.Object({ file: CardFile });
const PostCardParams = Type.Object({ board: Segment, file: CardFile });

/** A versioned address (og:image names one) always shows the same picture: browsers and messengers keep it a day. */
const VERSIONED_CACHE = 'public, max-age=86400';
/** An address without the current version shows whatever the figures are now: kept briefly, then checked by ETag. */
const CURRENT_CACHE = 'public, max-age=300';

/** The key a card file names ('hawks.png' names 'hawks'); null for a file that is no card (another extension). */
const keyOf = (file: string) => (file.endsWith('.png') && file.length > '.png'.length ? file.slice(0, -'.png'.length) : null);

/**
 * The preview cards that pages name in og:image: /og/clan/{league}/{slug}.png, /og/player/{league}/{id}.png,
 * /og/match/{id}.png, /og/post/{board}/{id}.png and /og/site.png. 1200 x 630 PNG with an ETag (the version of
 * the figures drawn); 404 for a thing that does not exist.
 */
const previewRoutes: FastifyPluginAsyncTypebox<PreviewRoutesOptions> = async (app, { previews }) => {
  async function sendCard(request: FastifyRequest<{ Querystring: { v?: string } }>, reply: FastifyReply, address: CardAddress | null) {
    const facts = address ? await previews.cardFacts(address) : null;
    if (!facts) return reply.status(404).send({ error: 'not_found', message: serverMessages.notFound });
    const etag = `"${facts.version}"`;
    reply
      .header('etag', etag)
      .header('cache-control', request.query.v === facts.version ? VERSIONED_CACHE : CURRENT_CACHE)
      // Cards are made to be shown elsewhere: a messenger's web client may load one straight from here.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(await previews.cardPng(facts));
  }

  app.get('/og/site.png', { schema: { hide: true, querystring: CardQuery } }, (request, reply) => sendCard(request, reply, { kind: 'site' }));
  app.get('/og/clan/:league/:file', { schema: { hide: true, params: LeagueCardParams, querystring: CardQuery } }, (request, reply) => {
    const slug = keyOf(request.params.file);
    return sendCard(request, reply, slug === null ? null : { kind: 'clan', league: request.params.league, slug });
  });
  app.get('/og/player/:league/:file', { schema: { hide: true, params: LeagueCardParams, querystring: CardQuery } }, (request, reply) => {
    const playerId = keyOf(request.params.file);
    return sendCard(request, reply, playerId === null ? null : { kind: 'player', league: request.params.league, playerId });
  });
  app.get('/og/match/:file', { schema: { hide: true, params: MatchCardParams, querystring: CardQuery } }, (request, reply) => {
    const matchId = keyOf(request.params.file);
    return sendCard(request, reply, matchId === null ? null : { kind: 'match', matchId });
  });
  app.get('/og/post/:board/:file', { schema: { hide: true, params: PostCardParams, querystring: CardQuery } }, (request, reply) => {
    const id = keyOf(request.params.file);
    return sendCard(request, reply, id === null ? null : { kind: 'post', board: request.params.board, id });
  });
};

export default previewRoutes;
