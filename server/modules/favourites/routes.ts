import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import { MarkBody, MarkParams, MergeMarksBody, ReaderMarksResponse } from '../../contracts/favourites.js';
import type { Database } from '../../db/client.js';
import { marksService } from './marks-service.js';

const failures = { ...errorResponses, 409: ErrorResponse };

/** A member's favourite and recently viewed clans and players (visitors keep theirs in the browser). */
const favouriteRoutes: FastifyPluginAsyncTypebox<{ prisma: Database }> = async (app, { prisma }) => {
  const marks = marksService({ prisma });
  const tags = ['favourites'];
  const response = { 200: ReaderMarksResponse, ...failures };

  app.get('/api/me/marks', {
    preHandler: app.authenticate,
    schema: { tags, summary: "The member's favourites and recently viewed clans and players, newest first", response },
  }, async (request) => marks.lists(request.member!.id));

  app.put('/api/me/marks/favourites/:kind/:target', {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'Star a clan or player (with the league whose page was seen); 409 past the limit',
      params: MarkParams, body: MarkBody, response,
    },
  }, async (request) => marks.addFavourite(request.member!.id, { ...request.params, ...request.body }));

  app.delete('/api/me/marks/favourites/:kind/:target', {
    preHandler: app.authenticate,
    schema: { tags, summary: 'Unstar a clan or player', params: MarkParams, response },
  }, async (request) => marks.remove(request.member!.id, 'favourite', request.params.kind, request.params.target));

  app.put('/api/me/marks/recent/:kind/:target', {
    preHandler: app.authenticate,
    schema: {
      tags, summary: 'Record that a clan or player page was opened (the list keeps the newest)',
      params: MarkParams, body: MarkBody, response,
    },
  }, async (request) => marks.recordView(request.member!.id, { ...request.params, ...request.body }));

  app.delete('/api/me/marks/recent/:kind/:target', {
    preHandler: app.authenticate,
    schema: { tags, summary: 'Remove a clan or player from the recently viewed list', params: MarkParams, response },
  }, async (request) => marks.remove(request.member!.id, 'recent', request.params.kind, request.params.target));

  app.post('/api/me/marks/merge', {
    preHandler: app.authenticate,
    schema: {
      tags, summary: "Add the lists a visitor kept in this browser to the account (at login)",
      body: MergeMarksBody, response,
    },
  }, async (request) => marks.merge(request.member!.id, request.body));
};

export default favouriteRoutes;
