import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../contracts/common.js';
import {
  ExclusionBody, ExclusionInboxResponse, FormMessageResponse, InboxQuery, SuggestionBody, SuggestionInboxResponse,
} from '../../contracts/forms.js';
import type { Database } from '../../db/client.js';
import { serverMessages } from '../../lib/messages.js';
import { exclusionService } from './exclusion-service.js';
import { suggestionService } from './suggestion-service.js';

interface FormRoutesOptions {
  prisma: Database;
}

const FORM_BODY_LIMIT = 16 * 1024;

/**
 * POST /api/sal-board/suggest and /api/sal-board/exclude (docs/product/forms.md), and the admin inbox that reads them.
 */
const formRoutes: FastifyPluginAsyncTypebox<FormRoutesOptions> = async (app, { prisma }) => {
  const suggestions = suggestionService({ prisma });
  const exclusions = exclusionService({ prisma });

  app.post('/api/sal-board/suggest', {
    schema: {
      tags: ['forms'],
      summary: 'Send a suggestion to the operators (e-mail and content required)',
      body: SuggestionBody,
      response: { 201: FormMessageResponse, ...errorResponses },
    },
    bodyLimit: FORM_BODY_LIMIT,
  }, async (request, reply) => {
    await suggestions.submit(request.body);
    return reply.status(201).send({ message: serverMessages.suggestReceived });
  });

  app.post('/api/sal-board/exclude', {
    schema: {
      tags: ['forms'],
      summary: 'Ask to leave the unaffiliated list (once per 3 hours per nickname or IP; 429 with the time left)',
      body: ExclusionBody,
      response: { 201: FormMessageResponse, ...errorResponses },
    },
    bodyLimit: FORM_BODY_LIMIT,
  }, async (request, reply) => {
    await exclusions.submit(request.body, request.ip);
    return reply.status(201).send({ message: serverMessages.excludeReceived });
  });

  app.get('/api/admin/suggestions', {
    schema: {
      tags: ['admin'],
      summary: 'Suggestions, newest first (admin only)',
      querystring: InboxQuery,
      response: { 200: SuggestionInboxResponse, ...errorResponses },
    },
    preHandler: app.requireAdmin,
  }, async (request) => suggestions.inbox(request.query.cursor, request.query.limit));

  app.get('/api/admin/exclusion-requests', {
    schema: {
      tags: ['admin'],
      summary: 'Exclusion requests, newest first (admin only)',
      querystring: InboxQuery,
      response: { 200: ExclusionInboxResponse, ...errorResponses },
    },
    preHandler: app.requireAdmin,
  }, async (request) => exclusions.inbox(request.query.cursor, request.query.limit));
};

export default formRoutes;
