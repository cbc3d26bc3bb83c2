import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import Type from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../../server/lib/errors.js';
import errorsPlugin from '../../server/plugins/errors.js';

describe('the error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<TypeBoxTypeProvider>();

  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/typed/:kind', async (request) => {
      const { kind } = request.params as { kind: string };
      if (kind === 'missing') throw new NotFoundError('유저 정보를 찾을 수 없습니다.');
      if (kind === 'taken') throw new ConflictError('이미 사용 중인 닉네임입니다.', 'nickname_taken');
      if (kind === 'cooldown') throw new TooManyRequestsError('잠시 후 다시 시도해 주세요.', 754, 'post_cooldown');
      if (kind === 'unique') throw Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });
      throw new Error('database password is hunter2');
    });
    app.get('/paged', { schema: { querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100 }) }) } }, async () => ({}));
    app.post('/echo', { schema: { body: Type.Object({ text: Type.String() }) } }, async () => ({}));
    await app.ready();
  });
  afterAll(async () => app.close());

  it('gives services’ errors their status, stable code and Korean message', async () => {
    const missing = await app.inject('/typed/missing');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not_found', message: '유저 정보를 찾을 수 없습니다.' });
    const taken = await app.inject('/typed/taken');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'nickname_taken', message: '이미 사용 중인 닉네임입니다.' });
  });

  it('tells how long to wait on 429, in the body and the Retry-After header', async () => {
    const response = await app.inject('/typed/cooldown');
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('754');
    expect(response.json()).toEqual({ error: 'post_cooldown', message: '잠시 후 다시 시도해 주세요.', retryAfter: 754 });
  });

  it('turns a unique-constraint violation into 409', async () => {
    const response = await app.inject('/typed/unique');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('conflict');
  });

  it('answers bad input with 400 naming the field', async () => {
    const response = await app.inject('/paged?limit=1000');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed' });
    expect(response.json().message).toContain('querystring.limit');
    const missing = await app.inject({ method: 'POST', url: '/echo', payload: {} });
    expect(missing.json().message).toContain('text');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"text":' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('bad_request');
  });

  it('never leaks the message of an unexpected error', async () => {
    const response = await app.inject('/typed/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
    expect(response.body).not.toContain('hunter2');
  });
});
