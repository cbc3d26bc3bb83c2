import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from '../../server/config.js';

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

  it('documents every variable in .env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect([...new Set(documented)].sort()).toEqual([...CONFIG_KEYS].sort());
  });
});
