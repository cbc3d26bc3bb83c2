import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

/**
 * Every environment variable the server reads, with its default. `.env.example` documents the same list;
 * tests/unit/config.test.ts keeps the two in step.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  HOST: Type.String({ default: '0.0.0.0' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATA_DIR: Type.String({ default: '.data' }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  PUBLIC_ORIGIN: Type.String({ default: 'http://localhost:3000' }),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  JWT_EXPIRES_IN: Type.String({ default: '7d', pattern: '^[0-9]+[smhd]$' }),
  CONTACT_EMAIL: Type.String({ default: 'contact@sal-league.kr' }),
  // Accounts: mail, admins, robot check
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'SAL League <no-reply@sal-league.kr>' }),
  ADMIN_EMAILS: Type.String({ default: '' }),
  ALTCHA_HMAC_KEY: Type.Optional(Type.String({ minLength: 32 })),
  TURNSTILE_SITE_KEY: Type.Optional(Type.String({ minLength: 1 })),
  TURNSTILE_SECRET_KEY: Type.Optional(Type.String({ minLength: 1 })),
  DEMO_SEED: Type.Boolean({ default: true }),
  DEMO_END_AT: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' })),
  RATE_LIMIT_MAX: Type.Integer({ minimum: 1, default: 600 }),
  TRUST_PROXY: Type.Boolean({ default: false }),
  PUBLIC_READ_CACHE: Type.Boolean({ default: true }),
  LEAGUE_TABLES_REFRESH_SECONDS: Type.Integer({ minimum: 0, maximum: 60, default: 10 }),
  DEAL_EXPIRY_SWEEP_SECONDS: Type.Integer({ minimum: 0, default: 60 }),
  INGEST_LIVE: Type.Boolean({ default: false }),
  INGEST_LIVE_INTERVAL_SECONDS: Type.Integer({ minimum: 5, default: 60 }),
  UPSTREAM_API_BASE: Type.String({ default: 'https://open.api.nexon.com/suddenattack/v1', pattern: '^https?://' }),
  UPSTREAM_API_KEY: Type.Optional(Type.String()),
  UPSTREAM_TRACKED_PLAYERS: Type.String({ default: '' }),
  UPSTREAM_LEAGUE: Type.Enum(['sal-beginner', 'supply-1', 'supply-2', 'sanply'], { default: 'sal-beginner' }),
  UPSTREAM_CONCURRENCY: Type.Integer({ minimum: 1, maximum: 32, default: 4 }),
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 5000 }),
  PROXY_SOURCE: Type.Enum(['local', 'upstream'], { default: 'local' }),
  PROXY_CACHE_SECONDS: Type.Integer({ minimum: 0, default: 30 }),
});

type Env = Static<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Unset means: start the embedded PostgreSQL under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  logLevel: string;
  publicOrigin: string;
  jwt: { secret: string; expiresIn: string };
  contactEmail: string;
  /** Outgoing mail: SMTP when `smtpUrl` is set, else files in `outboxDir` (and the link in the log). */
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  /** E-mails (lower-cased) that get the admin role at sign-up and login. */
  adminEmails: string[];
  /** Robot check: ALTCHA proof-of-work signed with `altchaHmacKey`, or Cloudflare Turnstile when configured. */
  captcha: { altchaHmacKey: string; turnstile?: { siteKey: string; secretKey: string } };
  demoSeed: boolean;
  /**
   * When the demo league's newest match starts (DEMO_END_AT); unset: the minute the seed runs. Fixing it seeds
   * the same league whatever the day, so tests and checks can run "as of" a chosen day.
   */
  demoEndAt?: Date;
  rateLimitMax: number;
  trustProxy: boolean;
  /** Public statistics reads answered from memory (cleared by ingest); false computes every answer. */
  publicReadCache: boolean;
  /**
   * How often at most a league's tables, orders and the places shown on its clan and player pages are refreshed while
   * its matches stream in (docs/decisions.md, "League tables refresh at most every few seconds while matches stream
   * in"); 0: at every change.
   */
  leagueTablesRefreshSeconds: number;
  /** How often this process expires open trade deals past their time without activity (0: only when read). */
  dealExpirySweepSeconds: number;
  /** Keep the simulated league playing new matches while the server runs. */
  ingestLive: { enabled: boolean; intervalSeconds: number };
  /** The game's Open API: the upstream ingest source and the proxy variant (apiKey unset: not configured). */
  upstream: {
    baseUrl: string;
    apiKey?: string;
    trackedPlayers: string[];
    league: 'sal-beginner' | 'supply-1' | 'supply-2' | 'sanply';
    concurrency: number;
    timeoutMs: number;
  };
  /** Where /api/proxy/* reads: our own data, or the game's Open API (upstream) with a short cache. */
  proxy: { source: 'local' | 'upstream'; cacheSeconds: number };
  version: string;
}

/** A configuration problem the operator must fix; main.ts prints its message as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const BOOLEAN_WORDS: Record<string, boolean> = { '1': true, true: true, yes: true, '0': false, false: false, no: false };

/** Turns the raw strings of `process.env` into the shapes the schema expects, leaving bad values for it to reject. */
function coerce(source: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(EnvSchema.properties)) {
    const value = source[key];
    if (value === undefined || value === '') continue;
    const kind = (schema as { type?: string }).type;
    if (kind === 'integer') raw[key] = /^-?\d+$/.test(value) ? Number(value) : value;
    else if (kind === 'boolean') raw[key] = BOOLEAN_WORDS[value.toLowerCase()] ?? value;
    else raw[key] = value;
  }
  return raw;
}

/** Reads the JWT secret from the environment or, for local runs, from a file kept beside the data. */
function resolveJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.NODE_ENV === 'production') throw new ConfigError('JWT_SECRET must be set (32 characters or more) in production.');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  } catch {
    throw new ConfigError(`Cannot write to DATA_DIR ${dataDir}: make it writable or set DATA_DIR to a writable folder.`);
  }
  return secret;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Turnstile needs both of its keys; one without the other is a mistake worth stopping for. */
function resolveCaptcha(env: Env, jwtSecret: string): AppConfig['captcha'] {
  const siteKey = env.TURNSTILE_SITE_KEY;
  const secretKey = env.TURNSTILE_SECRET_KEY;
  if (Boolean(siteKey) !== Boolean(secretKey)) {
    throw new ConfigError('TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be set together (or neither, for ALTCHA).');
  }
  // Without its own key, ALTCHA signs with a key derived from the JWT secret (kept apart by the label).
  const altchaHmacKey = env.ALTCHA_HMAC_KEY ?? createHmac('sha256', jwtSecret).update('altcha-challenge').digest('hex');
  return { altchaHmacKey, turnstile: siteKey && secretKey ? { siteKey, secretKey } : undefined };
}

/** The Korean evening hour a bare date of DEMO_END_AT stands for: 21:00 KST, the league's busiest hour. */
const DEMO_DAY_END_UTC = 'T12:00:00Z';

/**
 * DEMO_END_AT: a day (YYYY-MM-DD, read as 21:00 Korean time that day) or an ISO date-time with its zone. A value
 * that names no real instant stops the start with the variable's name.
 */
export function parseDemoEndAt(text: string): Date {
  const day = text.slice(0, 10);
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}${DEMO_DAY_END_UTC}` : text);
  // Date rolls 02-31 over into March; a day that does not exist is a typo, not a wish for another day.
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const exists = new Date(Date.UTC(year, month - 1, dayOfMonth)).toISOString().slice(0, 10) === day;
  if (Number.isNaN(date.getTime()) || !exists) {
    throw new ConfigError(`Invalid configuration: DEMO_END_AT must be a day (YYYY-MM-DD) or an ISO date-time (got "${text}"). See .env.example.`);
  }
  return date;
}

/** Validates the environment once at boot; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw = Value.Default(EnvSchema, coerce(source));
  if (!Value.Check(EnvSchema, raw)) {
    const problems = new Map<string, string>();
    for (const error of Value.Errors(EnvSchema, raw)) {
      const key = error.instancePath.replace(/^\//, '') || 'environment';
      if (!problems.has(key)) problems.set(key, `${key} ${error.message} (got "${source[key] ?? ''}")`);
    }
    throw new ConfigError(`Invalid configuration: ${[...problems.values()].join('; ')}. See .env.example.`);
  }
  const env = raw as Env;
  const dataDir = path.resolve(env.DATA_DIR);
  const jwtSecret = resolveJwtSecret(env, dataDir);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    logLevel: env.LOG_LEVEL,
    publicOrigin: env.PUBLIC_ORIGIN.replace(/\/$/, ''),
    jwt: { secret: jwtSecret, expiresIn: env.JWT_EXPIRES_IN },
    contactEmail: env.CONTACT_EMAIL,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    adminEmails: env.ADMIN_EMAILS.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean),
    captcha: resolveCaptcha(env, jwtSecret),
    demoSeed: env.DEMO_SEED,
    demoEndAt: env.DEMO_END_AT === undefined ? undefined : parseDemoEndAt(env.DEMO_END_AT),
    rateLimitMax: env.RATE_LIMIT_MAX,
    trustProxy: env.TRUST_PROXY,
    publicReadCache: env.PUBLIC_READ_CACHE,
    leagueTablesRefreshSeconds: env.LEAGUE_TABLES_REFRESH_SECONDS,
    dealExpirySweepSeconds: env.DEAL_EXPIRY_SWEEP_SECONDS,
    ingestLive: { enabled: env.INGEST_LIVE, intervalSeconds: env.INGEST_LIVE_INTERVAL_SECONDS },
    upstream: {
      baseUrl: env.UPSTREAM_API_BASE,
      apiKey: env.UPSTREAM_API_KEY?.trim() || undefined,
      trackedPlayers: env.UPSTREAM_TRACKED_PLAYERS.split(',').map((name) => name.trim()).filter(Boolean),
      league: env.UPSTREAM_LEAGUE,
      concurrency: env.UPSTREAM_CONCURRENCY,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    },
    proxy: { source: env.PROXY_SOURCE, cacheSeconds: env.PROXY_CACHE_SECONDS },
    version: readVersion(),
  };
}

/** The keys of the environment schema, for the documentation check. */
export const CONFIG_KEYS = Object.keys(EnvSchema.properties);
