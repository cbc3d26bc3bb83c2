import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchOuid } from '../../../server/modules/game-api/open-api-calls.js';
import { UpstreamClient, type UpstreamClientOptions } from '../../../server/modules/game-api/upstream-client.js';
import {
  UPSTREAM_AUTH_MESSAGE, UpstreamAuthError, UpstreamDataError, UpstreamNotFoundError, UpstreamRequestError,
  UpstreamUnavailableError,
} from '../../../server/modules/game-api/upstream-errors.js';
import { startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from '../../helpers/fake-upstream.js';

const API_KEY = 'test-key';

let fake: FakeUpstream;
/** The waits the client asked for between attempts (the injected sleep returns at once). */
let waits: number[];

async function startFake(options: Partial<FakeUpstreamOptions> = {}): Promise<void> {
  await fake.close();
  fake = await startFakeUpstream({ apiKey: API_KEY, ...options });
  fake.addPlayer({ ouid: 'ouid-alpha', userName: 'alpha' });
}

function client(options: Partial<UpstreamClientOptions> = {}): UpstreamClient {
  return new UpstreamClient({
    baseUrl: fake.url,
    apiKey: API_KEY,
    backoffBaseMs: 100,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
}

beforeEach(async () => {
  waits = [];
  fake = await startFakeUpstream({ apiKey: API_KEY });
  fake.addPlayer({ ouid: 'ouid-alpha', userName: 'alpha' });
});

afterEach(async () => {
  await fake.close();
});

describe('UpstreamClient', () => {
  it('sends the key and the query and returns the JSON body', async () => {
    await expect(client().getJson('/id', { user_name: 'alpha', unused: undefined })).resolves.toEqual({ ouid: 'ouid-alpha' });
    expect(fake.requestCount('/id')).toBe(1);
  });

  it.each([undefined, '', '   '])('fails with the spec message and sends nothing when the key is %j', async (apiKey) => {
    const error = await client({ apiKey }).getJson('/id', { user_name: 'alpha' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamAuthError);
    expect((error as UpstreamAuthError).message).toBe(UPSTREAM_AUTH_MESSAGE);
    expect((error as UpstreamAuthError).upstreamStatus).toBeNull();
    expect(fake.requestCount()).toBe(0);
  });

  it('turns a refused key (403) into the spec message, without retrying', async () => {
    const error = await client({ apiKey: 'wrong' }).getJson('/id', { user_name: 'alpha' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamAuthError);
    expect(error).toMatchObject({ message: UPSTREAM_AUTH_MESSAGE, upstreamStatus: 403, statusCode: 403, code: 'upstream_auth' });
    expect(fake.requestCount()).toBe(1);
  });

  it('also reads the Open API invalid-key error answered with 400 as a refused key', async () => {
    await startFake({ wrongKeyStatus: 400 });
    const error = await client({ apiKey: 'wrong' }).getJson('/id', { user_name: 'alpha' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamAuthError);
    expect(error).toMatchObject({ message: UPSTREAM_AUTH_MESSAGE, upstreamStatus: 400 });
  });

  it('retries 429 and waits what Retry-After says', async () => {
    fake.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 2 }, { count: 2 });
    await expect(client().getJson('/id', { user_name: 'alpha' })).resolves.toEqual({ ouid: 'ouid-alpha' });
    expect(fake.requestCount('/id')).toBe(3);
    expect(waits).toEqual([2000, 2000]);
  });

  it('caps a long Retry-After', async () => {
    fake.injectFault({ kind: 'status', status: 429, retryAfterSeconds: 3600 });
    await client({ maxDelayMs: 5000 }).getJson('/id', { user_name: 'alpha' });
    expect(waits).toEqual([5000]);
  });

  it('gives up on 5xx after maxRetries + 1 attempts, backing off exponentially', async () => {
    fake.injectFault({ kind: 'status', status: 503 }, { count: 10 });
    const error = await client({ maxRetries: 3 }).getJson('/id', { user_name: 'alpha' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ status: 503, attempts: 4, path: '/id' });
    expect(fake.requestCount('/id')).toBe(4);
    expect(waits).toHaveLength(3);
    waits.forEach((ms, retry) => {
      expect(ms).toBeGreaterThanOrEqual(100 * 2 ** retry);
      expect(ms).toBeLessThanOrEqual(150 * 2 ** retry);
    });
  });

  it('retries a 500 once and succeeds', async () => {
    fake.injectFault({ kind: 'status', status: 500 });
    await expect(client().getJson('/id', { user_name: 'alpha' })).resolves.toEqual({ ouid: 'ouid-alpha' });
    expect(fake.requestCount('/id')).toBe(2);
  });

  it('times out a slow answer and retries it', async () => {
    // The timeout leaves the retry's answer ample time on shared cores (at 100 ms it timed out too, and retried
    // twice), and the slow answer is ten times later still.
    fake.injectFault({ kind: 'delay', ms: 10_000 });
    await expect(client({ timeoutMs: 1000 }).getJson('/id', { user_name: 'alpha' })).resolves.toEqual({ ouid: 'ouid-alpha' });
    expect(fake.requestCount('/id')).toBe(2);
    expect(waits).toHaveLength(1);
  });

  it('retries a dropped connection, and reports no status once they are exhausted', async () => {
    fake.injectFault({ kind: 'drop' });
    await expect(client().getJson('/id', { user_name: 'alpha' })).resolves.toEqual({ ouid: 'ouid-alpha' });
    fake.injectFault({ kind: 'drop' }, { count: 2 });
    const error = await client({ maxRetries: 1 }).getJson('/id', { user_name: 'alpha' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamUnavailableError);
    expect(error).toMatchObject({ status: null, attempts: 2 });
    expect((error as Error).cause).toBeDefined();
  });

  it('does not retry 404', async () => {
    const error = await client().getJson('/id', { user_name: 'nobody' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamNotFoundError);
    expect(fake.requestCount('/id')).toBe(1);
    expect(waits).toEqual([]);
  });

  it('does not retry other 4xx', async () => {
    const error = await client().getJson('/no-such-api').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamRequestError);
    expect(error).toMatchObject({ status: 400, message: expect.stringContaining('OPENAPI00006') });
    expect(fake.requestCount()).toBe(1);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    await startFake({ latencyMs: 20 });
    const limited = client({ concurrency: 3 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => limited.getJson('/id', { user_name: 'alpha' })));
    expect(answers).toHaveLength(12);
    expect(fake.maxConcurrent()).toBe(3);
  });

  it('reports a body that is not JSON, or not the documented shape, as UpstreamDataError without retrying', async () => {
    fake.injectFault({ kind: 'body', body: '<html>maintenance</html>' });
    await expect(client().getJson('/id', { user_name: 'alpha' })).rejects.toBeInstanceOf(UpstreamDataError);
    fake.injectFault({ kind: 'body', body: '{"ouid": 5}' });
    const error = await fetchOuid(client(), 'alpha').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamDataError);
    expect(error).toMatchObject({ path: '/id', reason: expect.stringContaining('/ouid') });
    expect(fake.requestCount('/id')).toBe(2);
  });

  it('rejects options that make no sense', () => {
    expect(() => client({ concurrency: 0 })).toThrow(RangeError);
    expect(() => client({ maxRetries: -1 })).toThrow(RangeError);
    expect(() => client({ timeoutMs: Number.NaN })).toThrow(RangeError);
  });
});
