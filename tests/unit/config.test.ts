import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig, parseDemoEndAt } from '../../server/config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'sal-config-'));

describe('loadConfig', () => {
  it('starts with no variables at all, on port 3000 with the embedded database', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoSeed).toBe(true);
    expect(config.jwt.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated JWT secret across restarts on the same data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwt.secret;
    expect(loadConfig({ DATA_DIR: dir }).jwt.secret).toBe(first);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('reads numbers and yes/no words from their strings', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '8080', DEMO_SEED: 'no', TRUST_PROXY: '1' });
    expect(config).toMatchObject({ port: 8080, demoSeed: false, trustProxy: true });
  });

  it('names every bad variable in one message', () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT .*"abc".*DATABASE_URL .*"mysql:\/\/x".*LOG_LEVEL .*"loud"/);
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
  });

  it('says which folder cannot be written', () => {
    expect(() => loadConfig({ DATA_DIR: '/etc/hostname/sal-data' })).toThrow(/Cannot write to DATA_DIR \/etc\/hostname\/sal-data/);
  });

  it('reads DEMO_END_AT as a day (21:00 Korean time) or a date-time, and leaves it unset by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).demoEndAt).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), DEMO_END_AT: '2026-11-20' }).demoEndAt?.toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(parseDemoEndAt('2026-11-20T03:15:00+09:00').toISOString()).toBe('2026-11-19T18:15:00.000Z');
  });

  it('refuses a DEMO_END_AT that names no day', () => {
    for (const value of ['2026-02-31', '2026-13-01', 'yesterday', '2026-11-20Tnoon']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), DEMO_END_AT: value }), value).toThrow(/DEMO_END_AT/);
    }
  });

  it('documents every variable in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect([...new Set(documented)].sort()).toEqual([...CONFIG_KEYS].sort());
  });
});
