import { Writable } from 'node:stream';
import { validate } from '@readme/openapi-parser';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import { hashPassword } from '../../server/modules/auth/password-hash.js';
import { LEAGUE_DATA_TAGS } from '../../server/plugins/public-read-cache.js';
import {
  exampleFor, fillPath, operationsOf, pathPlaceholders, queryString, type OpenApiDocument, type Operation, type SchemaObject,
} from '../helpers/openapi-operations.js';
import { createPost, propose } from '../helpers/trade-fixtures.js';
import { createMember, type TestMember } from '../factories/members.js';

/** A league big enough that every statistics route has real clans, players and matches to read. */
const CONTRACT_LEAGUE = {
  seed: 'openapi-contract',
  players: 80,
  clans: 8,
  matches: 160,
  days: 10,
  endAt: new Date('2026-11-01T12:00:00Z'),
  recordingCount: 1,
};

/**
 * Values a client can send that no route may answer with a 5xx: characters PostgreSQL refuses, a lone
 * surrogate, a 100 KB string, and numbers that are negative, fractional, beyond a double or beyond 64 bits.
 */
const HOSTILE_TEXTS = [
  '\u0000', 'a\u0000b', '\ud800', 'x\udfffy', 'x'.repeat(100_000), '', '-1', '0.5', '-0.5', '1e309', '-1e309',
  '99999999999999999999', '-99999999999999999999', 'NaN', 'Infinity', '0x1f', '<script>alert(1)</script>', '%',
];
/** The same as JSON values in a body, plus wrong types. Raw JSON text, so 1e309 and 20-digit literals go as sent. */
const HOSTILE_JSON = [
  ...HOSTILE_TEXTS.map((text) => JSON.stringify(text)),
  '-1', '0.5', '1e309', '-1e309', '99999999999999999999', 'true', 'null', '{}', '[]', '["\\u0000"]', '{"a":"\\u0000"}',
];
/** Bodies that are not the object a route expects, or not JSON at all. */
const MALFORMED_BODIES = ['{"a":', '[]', '"text"', 'null', '12', '{"\\u0000":1}', '\u0000'];

type LogRecord = { level: number; msg?: string; err?: { message?: string } };

/** A logger that keeps every record of error level or worse. */
function errorCollectingLogger() {
  const errors: LogRecord[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const record = JSON.parse(line) as LogRecord;
        if (record.level >= 50) errors.push(record);
      }
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), errors };
}

/** Sets a JSON value (raw text) at `field` of a body written as JSON text. */
function bodyWith(base: Record<string, unknown>, field: string, rawValue: string): string {
  const marker = '"__value_here__"';
  return JSON.stringify({ ...base, [field]: '__value_here__' }).replace(marker, rawValue);
}

describe('the served OpenAPI document', () => {
  const collected = errorCollectingLogger();
  const ctx = useLeagueTestApp(CONTRACT_LEAGUE, { RATE_LIMIT_MAX: '1000000' }, { logger: collected.logger });
  let document: OpenApiDocument;
  let operations: Operation[];
  const failures: string[] = [];
  let admin: TestMember;
  let throwawayHash: string;
  /** Real ids of the test data, by the name a path parameter has on the routes that take them. */
  let knownPathValues: (path: string, name: string) => string | undefined;
  let knownBodyValues: (name: string) => unknown;

  beforeAll(async () => {
    document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenApiDocument;
    operations = operationsOf(document);
    throwawayHash = await hashPassword('Sal!league2026');

    admin = await createMember(ctx, { role: 'admin', nickname: '계약시험' });
    const seller = await createMember(ctx, { nickname: '판매자' });
    const buyer = await createMember(ctx, { nickname: '구매자' });
    const post = await createPost(ctx, seller);
    const dealId = await propose(ctx, buyer, post._id);
    const boardPost = (await ctx.app.inject({
      method: 'POST', url: '/api/sal-board/free', headers: admin.headers, payload: { title: '계약 시험 글', content: '본문입니다' },
    })).json().post._id as string;
    const comment = (await ctx.app.inject({
      method: 'POST', url: `/api/sal-board/free/${boardPost}/comment`, headers: admin.headers, payload: { content: '댓글입니다' },
    })).json().comments[0]._id as string;
    const reply = (await ctx.app.inject({
      method: 'POST', url: `/api/sal-board/free/${boardPost}/comment/${comment}/reply`, headers: admin.headers, payload: { content: '답글입니다' },
    })).json().comments[0].replies[0]._id as string;
    const noticeId = (await ctx.app.inject({
      method: 'POST', url: '/api/sal/notice', headers: admin.headers, payload: { title: '공지 시험', content: '공지 본문' },
    })).json().notice._id as string;
    const ad = (await ctx.app.inject({
      method: 'POST', url: '/api/trade/admin/ads', headers: admin.headers, payload: { name: '계약시험업체' },
    })).json().item._id as string;

    const { rows: [clan] } = await ctx.pool.query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id ORDER BY c.id LIMIT 1`);
    const { rows: [opponent] } = await ctx.pool.query<{ slug: string }>(
      `SELECT slug FROM clans WHERE slug <> $1 ORDER BY id LIMIT 1`, [clan!.slug]);
    const { rows: [player, otherPlayer] } = await ctx.pool.query<{ enlistment_no: string; nickname: string }>(
      `SELECT enlistment_no, nickname FROM players ORDER BY id LIMIT 2`);
    const { rows: [match] } = await ctx.pool.query<{ id: string }>(`SELECT external_id AS id FROM matches ORDER BY started_at DESC LIMIT 1`);

    const byName: Record<string, string> = {
      clanSlug: clan!.slug, clanId: clan!.slug, opponentSlug: opponent!.slug, leagueName: clan!.league,
      leagueSlug: 'supply-1', division: clan!.league, divisionKey: 'supply', leagueClanId: clan!.slug,
      playerId: player!.enlistment_no, otherId: otherPlayer!.enlistment_no, name: player!.nickname, matchId: match!.id, category: 'free',
      commentId: comment, replyId: reply, postId: post._id, dealId, userId: seller.id, sellerId: seller.id,
      token: 'not-a-real-token',
    };
    knownPathValues = (path, name) => {
      if (name !== 'id') return byName[name];
      if (path.startsWith('/api/players/')) return player!.enlistment_no;
      if (path.startsWith('/api/sal/notice')) return noticeId;
      if (path.startsWith('/api/trade/posts')) return post._id;
      if (path.startsWith('/api/trade/admin/ads')) return ad;
      return boardPost;
    };
    const bodyValues: Record<string, unknown> = {
      email: 'contract@example.kr', password: 'Sal!league2026', oldPassword: 'Sal!league2026',
      newPassword: 'Sal!league2027', nickname: '계약회원', newNickname: '새계약회원', title: '계약 시험 제목',
      content: '계약 시험 본문입니다', text: '안녕하세요', price: '150000', note: '[알파] 안녕하세요', keyword: 'test',
    };
    knownBodyValues = (name) => bodyValues[name];
  }, 120_000);

  /** Headers of the member a request runs as: admin (reaches every route), or a throwaway member for account routes. */
  async function identityFor(operation: Operation): Promise<Record<string, string>> {
    if (!operation.path.startsWith('/api/auth/')) return admin.headers;
    const tag = Math.random().toString(36).slice(2, 10);
    const user = await ctx.db.prisma.user.create({
      data: { email: `t${tag}@example.kr`, nickname: `임시${tag}`, passwordHash: throwawayHash, emailVerifiedAt: new Date() },
      select: { id: true, email: true, nickname: true, role: true },
    });
    return { authorization: `Bearer ${ctx.app.signSessionToken(user)}` };
  }

  function pathValues(operation: Operation): Record<string, string> {
    return Object.fromEntries(
      pathPlaceholders(operation.path).map((name) => [name, knownPathValues(operation.path, name) ?? '1']),
    );
  }

  function queryOf(operation: Operation, overrides: Record<string, string> = {}): string {
    const query = new Map<string, string>();
    for (const parameter of operation.queryParams) {
      const value = exampleFor(parameter.schema, parameter.name, () => undefined);
      if (parameter.required && value !== undefined) query.set(parameter.name, String(value));
    }
    for (const [name, value] of Object.entries(overrides)) query.set(name, value);
    return queryString([...query]);
  }

  function baseBody(operation: Operation): Record<string, unknown> {
    return exampleFor(operation.jsonBody, '', knownBodyValues) as Record<string, unknown>;
  }

  async function send(operation: Operation, url: string, payload: string | undefined, what: string, anonymous = false) {
    const headers: Record<string, string> = anonymous ? {} : await identityFor(operation);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await ctx.app.inject({ method: operation.method, url, headers, payload });
    if (response.statusCode >= 500) {
      failures.push(`${operation.method} ${operation.path} ${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    } else if (response.statusCode >= 400) {
      const body = response.json() as { error?: unknown; message?: unknown };
      if (typeof body.error !== 'string' || typeof body.message !== 'string') {
        failures.push(`${operation.method} ${operation.path} ${what}: ${response.statusCode} without the error shape`);
      }
    }
  }

  it('is a valid OpenAPI 3 document whose parameters match their paths', async () => {
    await validate(structuredClone(document) as Parameters<typeof validate>[0]);
    const mismatched = operations
      .filter((operation) => {
        const declared = operation.pathParams.map((parameter) => parameter.name).sort();
        return JSON.stringify(declared) !== JSON.stringify(pathPlaceholders(operation.path).sort());
      })
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(mismatched).toEqual([]);
  });

  it('bounds every number a client sends: an integer or number parameter or body field has a minimum and a maximum', () => {
    const unbounded: string[] = [];
    const visit = (schema: SchemaObject | undefined, where: string) => {
      if (!schema) return;
      if ((schema.type === 'integer' || schema.type === 'number') && (schema.minimum === undefined || schema.maximum === undefined)) {
        unbounded.push(where);
      }
      for (const [key, property] of Object.entries(schema.properties ?? {})) visit(property, `${where}.${key}`);
      visit(schema.items, `${where}[]`);
      for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) visit(variant, where);
    };
    for (const operation of operations) {
      for (const parameter of [...operation.pathParams, ...operation.queryParams]) {
        visit(parameter.schema, `${operation.method} ${operation.path} ${parameter.in}.${parameter.name}`);
      }
      visit(operation.jsonBody, `${operation.method} ${operation.path} body`);
    }
    expect(unbounded).toEqual([]);
  });

  it('answers hostile values in every path and query parameter without a 5xx, in the error shape', async () => {
    failures.length = 0;
    for (const operation of operations) {
      const values = pathValues(operation);
      for (const parameter of operation.pathParams) {
        for (const text of HOSTILE_TEXTS) {
          const url = fillPath(operation.path, { ...values, [parameter.name]: text }) + queryOf(operation);
          await send(operation, url, operation.jsonBody ? JSON.stringify(baseBody(operation)) : undefined, `path ${parameter.name}=${JSON.stringify(text.slice(0, 20))}`);
        }
        const url = fillPath(operation.path, { ...values, [parameter.name]: '\u0000' });
        await send(operation, url, undefined, `anonymous path ${parameter.name}=NUL`, true);
      }
      for (const parameter of operation.queryParams) {
        for (const text of HOSTILE_TEXTS) {
          const url = fillPath(operation.path, values) + queryOf(operation, { [parameter.name]: text });
          await send(operation, url, operation.jsonBody ? JSON.stringify(baseBody(operation)) : undefined, `query ${parameter.name}=${JSON.stringify(text.slice(0, 20))}`);
        }
        // The same parameter twice arrives as an array.
        const url = `${fillPath(operation.path, values)}?${parameter.name}=1&${parameter.name}=2`;
        await send(operation, url, undefined, `query ${parameter.name} twice`);
      }
      // A parameter no route knows.
      await send(operation, `${fillPath(operation.path, values)}${queryOf(operation, { unknownParameter: '\u0000' })}`, undefined, 'unknown query parameter');
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers hostile values in every JSON body field, malformed bodies and unknown fields without a 5xx', async () => {
    failures.length = 0;
    for (const operation of operations.filter((candidate) => candidate.jsonBody)) {
      const url = fillPath(operation.path, pathValues(operation));
      const base = baseBody(operation);
      for (const field of Object.keys(operation.jsonBody!.properties ?? {})) {
        for (const raw of HOSTILE_JSON) await send(operation, url, bodyWith(base, field, raw), `body ${field}=${raw.slice(0, 20)}`);
        await send(operation, url, bodyWith(base, field, '"\\u0000"'), `anonymous body ${field}=NUL`, true);
      }
      await send(operation, url, bodyWith(base, 'unknownField', '"\\u0000"'), 'unknown body field');
      for (const malformed of MALFORMED_BODIES) await send(operation, url, malformed, `malformed body ${JSON.stringify(malformed)}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers multipart uploads that are cut off, lack a boundary or are not multipart with 400, 413 or 415', async () => {
    const cases: { what: string; contentType: string; payload: string }[] = [
      { what: 'no boundary', contentType: 'multipart/form-data', payload: 'garbage' },
      { what: 'cut off', contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nContent-Disposition: form-data; name="banner"; filename="a.png"\r\n\r\n\u0089PNG' },
      { what: 'empty', contentType: 'multipart/form-data; boundary=xyz', payload: '' },
      { what: 'bad header', contentType: 'multipart/form-data; boundary=xyz', payload: '--xyz\r\nnonsense\r\n\r\nx\r\n--xyz--\r\n' },
      { what: 'not multipart', contentType: 'text/plain', payload: 'hello' },
    ];
    const uploads = operations.filter((candidate) => candidate.multipart);
    expect(uploads.map((operation) => operation.path)).toContain('/api/trade/admin/ads/upload-banner');
    for (const operation of uploads) {
      for (const { what, contentType, payload } of cases) {
        const response = await ctx.app.inject({
          method: operation.method, url: fillPath(operation.path, pathValues(operation)),
          headers: { ...admin.headers, 'content-type': contentType }, payload,
        });
        expect([400, 413, 415], `${operation.path} ${what}: ${response.body}`).toContain(response.statusCode);
        expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
    }
  });

  it('keeps every statistics read in the public-read cache by construction (new reads too); popular searches follow the log', async () => {
    const reads = operations.filter((operation) => operation.method === 'GET' && operation.tags.some((tag) => LEAGUE_DATA_TAGS.has(tag)));
    expect(reads.length).toBeGreaterThan(20);
    const uncached: string[] = [];
    for (const operation of reads) {
      const url = fillPath(operation.path, pathValues(operation)) + queryOf(operation);
      const response = await ctx.app.inject({ url });
      if (response.statusCode === 200 && response.headers['x-cache'] === undefined) uncached.push(operation.path);
    }
    expect(uncached).toEqual(['/api/search/popular']);
  });

  it('logged no error-level line while taking all of it', () => {
    expect(collected.errors.map((record) => `${record.msg}: ${record.err?.message ?? ''}`)).toEqual([]);
  });
});
