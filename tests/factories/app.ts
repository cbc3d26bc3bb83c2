import { afterAll, beforeAll } from 'vitest';
import type { LeagueOptions } from '../../server/modules/ingest/simulated/league-options.js';
import { createLeagueTestApp, SMALL_LEAGUE, type LeagueTestContext } from '../helpers/league-app.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

type Settings = Record<string, string>;
type AppOptions = Parameters<typeof createTestApp>[1];

/**
 * A context built before the tests of the enclosing file or describe block and closed after them. The object
 * returned stands for it at once and reads the built one when used (inside a hook or a test).
 */
export function useContext<T extends TestContext>(build: () => Promise<T>, buildTimeoutMs?: number): T {
  let context: T | undefined;
  beforeAll(async () => {
    context = await build();
  }, buildTimeoutMs);
  afterAll(async () => {
    await context?.close();
  });
  return new Proxy({} as T, {
    get(_, key) {
      if (!context) throw new Error('the test app is built in beforeAll: read it inside a hook or a test');
      return Reflect.get(context, key);
    },
  });
}

/**
 * The real app on a fresh database of its own. Settings may be a function, for values an earlier `beforeAll` makes
 * (a mail server's address, a data folder).
 */
export function useTestApp(settings: Settings | (() => Settings) = {}, options: AppOptions = {}): TestContext {
  return useContext(() => createTestApp(typeof settings === 'function' ? settings() : settings, options));
}

/**
 * The real app on a fresh database filled with a simulated league through the real ingest pipeline (which may take
 * a couple of minutes on a loaded machine).
 */
export function useLeagueTestApp(league: LeagueOptions = SMALL_LEAGUE, settings: Settings = {}, options: AppOptions = {}): LeagueTestContext {
  return useContext(() => createLeagueTestApp(league, settings, options), 180_000);
}
