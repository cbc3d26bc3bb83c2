import { setTimeout as wait } from 'node:timers/promises';
import type { AppConfig } from '../../config.js';
import { isRetryableStatus, parseRetryAfter, retryDelayMs, type BackoffPolicy } from './retry-policy.js';
import { Semaphore } from './semaphore.js';
import {
  UpstreamAuthError, UpstreamDataError, UpstreamNotFoundError, UpstreamRequestError, UpstreamUnavailableError,
} from './upstream-errors.js';

/** The header the game's Open API reads the key (app-id) from. */
export const API_KEY_HEADER = 'x-nxopen-api-key';

/** The Open API's error name for an unknown key, which it may answer with 400 instead of 401/403. */
const INVALID_KEY_ERROR = 'OPENAPI00005';

export type QueryValue = string | number | undefined;
export type Query = Readonly<Record<string, QueryValue>>;
/** Turns a decoded JSON body into a typed value, or throws UpstreamDataError. */
export type BodyParser<T> = (body: unknown, path: string) => T;

export interface UpstreamClientOptions {
  /** e.g. https://open.api.nexon.com/suddenattack/v1 (paths are appended to it). */
  baseUrl: string;
  /** Sent as x-nxopen-api-key; missing or blank makes every call fail with UpstreamAuthError, unsent. */
  apiKey: string | undefined;
  /** Requests in flight at once (default 4, the spec's match-detail concurrency). */
  concurrency?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts (default 4). */
  maxRetries?: number;
  /** Per attempt, from sending to the end of the body (default 5000). */
  timeoutMs?: number;
  /** First backoff delay, doubled per retry, plus jitter (default 250). */
  backoffBaseMs?: number;
  /** Cap on any wait, backoff or Retry-After (default 30000). */
  maxDelayMs?: number;
  /** Waits between attempts; tests pass a fast one. */
  sleep?: (ms: number) => Promise<void>;
}

/** What one attempt got: an HTTP answer with its whole body, or the error that stopped it (network, timeout). */
type Attempt =
  | { kind: 'answer'; status: number; retryAfter: string | null; body: string }
  | { kind: 'failed'; error: unknown };

function atLeast(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) throw new RangeError(`upstream client: ${name} must be >= ${min}, got ${value}`);
  return value;
}

/** The `error.name` of an Open API error body (`{ "error": { "name", "message" } }`), if the body is one. */
function upstreamErrorName(body: string): string | undefined {
  try {
    const name = (JSON.parse(body) as { error?: { name?: unknown } } | null)?.error?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The typed error for an answer that is final: neither a success nor worth another attempt. */
function finalError(path: string, status: number, body: string): Error {
  const errorName = upstreamErrorName(body);
  if (status === 401 || status === 403 || errorName === INVALID_KEY_ERROR) return new UpstreamAuthError(status);
  if (status === 404) return new UpstreamNotFoundError(path);
  return new UpstreamRequestError(path, status, errorName ?? '');
}

/**
 * A small JSON-over-HTTP client for the game's Open API, shared by the ingest source and the proxy routes:
 * sends the key header, bounds requests in flight, retries 429/5xx/network errors/timeouts with backoff and
 * turns every failure into a typed upstream error.
 */
export class UpstreamClient {
  private readonly baseUrl: URL;
  private readonly apiKey: string | undefined;
  private readonly slots: Semaphore;
  private readonly maxRetries: number;
  private readonly timeoutMs: number;
  private readonly backoff: BackoffPolicy;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(options: UpstreamClientOptions) {
    this.baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    this.apiKey = options.apiKey?.trim() || undefined;
    this.slots = new Semaphore(options.concurrency ?? 4);
    this.maxRetries = atLeast('maxRetries', options.maxRetries ?? 4, 0);
    this.timeoutMs = atLeast('timeoutMs', options.timeoutMs ?? 5000, 1);
    this.backoff = {
      baseMs: atLeast('backoffBaseMs', options.backoffBaseMs ?? 250, 0),
      maxDelayMs: atLeast('maxDelayMs', options.maxDelayMs ?? 30_000, 0),
    };
    this.sleep = options.sleep ?? ((ms) => wait(ms));
  }

  /** GETs `path` with `query` and returns the decoded JSON body, checked by `parse` when given. */
  getJson(path: string, query?: Query): Promise<unknown>;
  getJson<T>(path: string, query: Query, parse: BodyParser<T>): Promise<T>;
  async getJson<T>(path: string, query: Query = {}, parse?: BodyParser<T>): Promise<unknown> {
    const apiKey = this.apiKey;
    if (apiKey === undefined) throw new UpstreamAuthError(null);
    const url = this.urlFor(path, query);
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.slots.run(() => this.send(url, apiKey));
      if (outcome.kind === 'answer') {
        if (outcome.status >= 200 && outcome.status < 300) return this.decode(outcome.body, path, parse);
        if (!isRetryableStatus(outcome.status)) throw finalError(path, outcome.status, outcome.body);
      }
      if (attempt > this.maxRetries) {
        const status = outcome.kind === 'answer' ? outcome.status : null;
        const cause = outcome.kind === 'failed' ? outcome.error : undefined;
        throw new UpstreamUnavailableError(path, status, attempt, { cause });
      }
      const retryAfterMs = outcome.kind === 'answer' ? parseRetryAfter(outcome.retryAfter) : null;
      await this.sleep(retryDelayMs(attempt - 1, retryAfterMs, this.backoff));
    }
  }

  private urlFor(path: string, query: Query): URL {
    const url = new URL(path.replace(/^\/+/, ''), this.baseUrl);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** One attempt, aborted after timeoutMs (the body included); never throws. */
  private async send(url: URL, apiKey: string): Promise<Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await fetch(url, {
        headers: { [API_KEY_HEADER]: apiKey, accept: 'application/json' },
        signal: controller.signal,
      });
      const body = await response.text();
      return { kind: 'answer', status: response.status, retryAfter: response.headers.get('retry-after'), body };
    } catch (error) {
      return { kind: 'failed', error };
    } finally {
      clearTimeout(timer);
    }
  }

  private decode<T>(body: string, path: string, parse: BodyParser<T> | undefined): unknown {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw new UpstreamDataError(path, 'body is not JSON');
    }
    return parse ? parse(value, path) : value;
  }
}

/**
 * A client on the configured upstream (UPSTREAM_API_BASE, UPSTREAM_API_KEY, UPSTREAM_CONCURRENCY,
 * UPSTREAM_TIMEOUT_MS); `overrides` for a caller with other needs, such as fewer retries while a person waits.
 */
export function upstreamClientFor(upstream: AppConfig['upstream'], overrides: Partial<UpstreamClientOptions> = {}): UpstreamClient {
  return new UpstreamClient({
    baseUrl: upstream.baseUrl,
    apiKey: upstream.apiKey,
    concurrency: upstream.concurrency,
    timeoutMs: upstream.timeoutMs,
    ...overrides,
  });
}
