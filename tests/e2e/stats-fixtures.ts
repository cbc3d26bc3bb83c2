import type { APIRequestContext, Page } from '@playwright/test';
import type { LeagueClanRow } from '../../server/contracts/league.js';
import { busyClan as findBusyClan, type GetJson } from '../helpers/demo-preconditions.js';

/** Reads a statistics API answer the way the pages do, so tests compare the screen with the served data. */
export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

/** Collects the text of every alert/confirm the page opens, answering confirms with `accept`. */
export function recordDialogs(page: Page, accept = false): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void (accept ? dialog.accept() : dialog.dismiss());
  });
  return messages;
}

/** True when nothing on the page is wider than the screen. */
export async function fitsScreenWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

export interface StandingRowData {
  rank: number;
  clanSlug: string;
  clanName: string;
  leagueName: string;
  score: number;
  wins: number;
  losses: number;
  draws: number;
  totalMatches: number;
  placement: boolean;
  ingest: { running: boolean; updatedAt: string | null };
}

export interface RankingRowData {
  rank: number;
  playerId: string;
  nickname: string;
  clanName: string | null;
  rating: number;
}

/** `text` as a literal inside a regular expression (clan names may hold '.', '(' and the like). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches an API call by path and, optionally, query parameters (route globs treat '?' specially). */
export function apiCall(path: string, params: Record<string, string> = {}) {
  return (url: URL) => url.pathname === path && Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value);
}

/**
 * Holds every request whose URL matches `matches` until the returned function is called, so a test can look at a
 * page's loading state and then let the data arrive.
 */
export async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(matches, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Starts summing the page's layout shifts (the Layout Instability API's `layout-shift` entries not caused by
 * input) from the first paint; read the sum with `layoutShiftScore`.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = window as unknown as { __layoutShift: number };
    store.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) store.__layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShiftScore(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
}

/** The statistics API as the precondition finders of tests/helpers/demo-preconditions.ts read it. */
export function apiGet(request: APIRequestContext): GetJson {
  return (path) => getJson(request, path);
}

/** The busy beginner-league clan the clan page tests read (41+ matches, 21+ members; see demo-preconditions). */
export function busyClan(request: APIRequestContext): Promise<LeagueClanRow> {
  return findBusyClan(apiGet(request));
}
