import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { buildApp } from '../../server/app.js';
import { readMigrationFiles } from '../../server/db/migrate.js';
import { createTestApp, testConfig, type TestContext } from '../helpers/test-app.js';

describe('GET /api/health', () => {
  const ctx = useTestApp();

  it('says the database is reachable, migrations are current and which version runs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: ctx.config.version,
      database: { reachable: true },
      migrations: { current: true, applied: (await readMigrationFiles()).length, pending: [] },
    });
  });

  it('answers 503 degraded when the database is gone', async () => {
    const other = await createTestApp();
    await other.db.prisma.$disconnect();
    await other.db.drop();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
    await other.app.close();
  });

  it('tags every response with a request id, reusing a well-formed incoming one', async () => {
    const fresh = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'probe-42' } });
    expect(given.headers['x-request-id']).toBe('probe-42');
  });

  it('sends the same security headers on answers, refusals and unknown routes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-powered-by']).toBeUndefined();
    const securityHeaders = (headers: Record<string, unknown>) => Object.fromEntries(['content-security-policy',
      'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy',
      'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options',
      'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection'].map((name) => [name, headers[name]]));
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 3 } });
    expect(refused.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    for (const other of [refused, unknown]) expect(securityHeaders(other.headers)).toEqual(securityHeaders(response.headers));
    expect(Object.values(securityHeaders(response.headers)).every((value) => typeof value === 'string')).toBe(true);
  });
});

describe('public site facts, docs and unknown routes', () => {
  const ctx = useTestApp({ CONTACT_EMAIL: 'help@example.kr' });

  it('GET /api/site gives the contact e-mail from the configuration', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json()).toEqual({ contactEmail: 'help@example.kr', version: ctx.config.version });
  });

  it('publishes the OpenAPI document and its page at /api/docs', async () => {
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().paths).toHaveProperty('/api/health');
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API path with 404 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: '요청한 API를 찾을 수 없습니다.' });
  });
});

const BIG_SCRIPT = `console.log(${JSON.stringify('리그 '.repeat(2000))});`;

describe('the built web app', () => {
  let ctx: TestContext;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'sal-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>SAL 리그</title><body>app shell</body>');
    await writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    // A build's file with the .br and .gz beside it that web/vite.config.ts writes.
    await writeFile(path.join(distDir, 'assets', 'big-5678.js'), BIG_SCRIPT);
    await writeFile(path.join(distDir, 'assets', 'big-5678.js.br'), brotliCompressSync(BIG_SCRIPT));
    await writeFile(path.join(distDir, 'assets', 'big-5678.js.gz'), gzipSync(BIG_SCRIPT));
    const base = await createTestApp();
    await base.app.close();
    const app = await buildApp({ config: testConfig(), prisma: base.db.prisma, databaseUrl: base.db.url, logger: false, webDistDir: distDir });
    ctx = { ...base, app, close: async () => { await app.close(); await base.db.drop(); } };
  });
  afterAll(async () => ctx.close());

  it('loads the app for deep links so the client router can show them', async () => {
    for (const url of ['/', '/league/sal-beginner', '/rank/sal-player?sort=rating-desc', '/sal-board/free/', '/trade/user']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('app shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an address no page has with 404, still with the app (it shows its not-found page)', async () => {
    // The clan, player and post named here do not exist (the database is empty): their pages say so with 404 too.
    for (const url of [
      '/no/such/page', '/league/sal-beginner/clan', '/sal/player', '/rank/player/supply/extra',
      '/sal/player/1234567?highlight=x', '/league/sal-beginner/clan/x/', '/sal-board/free/3',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('app shell');
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('sends the build\'s precompressed file to a browser that accepts it, and the plain file to one that does not', async () => {
    const brotli = await ctx.app.inject({ method: 'GET', url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gzip = await ctx.app.inject({ method: 'GET', url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/big-5678.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('serves a rebuild of the app made while the server runs, compressed as the browser asks', async () => {
    const indexFile = path.join(distDir, 'index.html');
    const before = await readFile(indexFile, 'utf8');
    const first = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('app shell');
    try {
      await writeFile(indexFile, '<!doctype html><title>SAL 리그</title><body>app shell, rebuilt</body>');
      const brotli = await ctx.app.inject({ method: 'GET', url: '/league/sal-beginner', headers: { 'accept-encoding': 'br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('app shell, rebuilt');
      const gzip = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toContain('app shell, rebuilt');
    } finally {
      await writeFile(indexFile, before);
    }
  });

  it('serves hashed assets with a long cache and 404s a missing file', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(missing.statusCode).toBe(404);
  });
});
