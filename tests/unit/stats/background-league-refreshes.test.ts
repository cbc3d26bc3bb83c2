import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { LeagueDataChange } from '../../../server/modules/ingest/ingest-api.js';
import { backgroundLeagueRefreshes } from '../../../server/plugins/background-league-refreshes.js';

const refreshOf = (league: string): LeagueDataChange => ({ leagues: [league], clans: [], players: [], matches: [] });

/** Waits until the promises settled by now have run what follows them. */
const finishTurns = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Background refreshes whose builds the test finishes by hand: each prepare waits until the test lets it through,
 * and what happened (builds started, changes heard, swaps run) is written down in order.
 */
function byHand(options: { failing?: string } = {}) {
  const events: string[] = [];
  const heard: LeagueDataChange[] = [];
  const waiting: Array<() => void> = [];
  const refreshes = backgroundLeagueRefreshes(async (league) => {
    events.push(`build ${league}`);
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (league === options.failing) throw new Error('the build failed');
    return (announce) => {
      announce();
      events.push(`swap ${league}`);
    };
  }, (change) => {
    heard.push(change);
    events.push(`heard ${'leagues' in change ? change.leagues.join(',') : 'everything'}`);
  }, { log: pino({ level: 'silent' }) });
  /** Lets the builds begun by now finish, and waits until what follows them has run. */
  const finishBuilds = async () => {
    await finishTurns();
    for (const finish of waiting.splice(0)) finish();
    await finishTurns();
  };
  return { refreshes, events, heard, finishBuilds };
}

describe('background league refreshes (built aside, swapped in)', () => {
  it('builds a league once whoever asks while it builds, then once more for the asks that came meanwhile', async () => {
    const { refreshes, events, finishBuilds } = byHand();
    refreshes.request('sal-beginner');
    await finishTurns();
    refreshes.request('sal-beginner');
    refreshes.requestUnlessRunning('sal-beginner');
    expect(events).toEqual(['build sal-beginner']);
    await finishBuilds();
    // The league's change is heard right before its swap; the ask that came during the build follows it.
    expect(events.slice(1)).toEqual(['heard sal-beginner', 'swap sal-beginner', 'build sal-beginner']);
    await finishBuilds();
    await refreshes.settled();
    expect(events.slice(4)).toEqual(['heard sal-beginner', 'swap sal-beginner']);
  });

  it('builds one league at a time, in the order asked, an ask for a league waiting its turn covered by it', async () => {
    const { refreshes, events, finishBuilds } = byHand();
    for (const league of ['sal-beginner', 'supply-1', 'supply-2', 'supply-1']) refreshes.request(league);
    await finishTurns();
    // What happened before each build was let through, and after the last: one build running at a time.
    const steps = [events.splice(0)];
    while (steps.at(-1)!.length > 0) {
      await finishBuilds();
      steps.push(events.splice(0));
    }
    await refreshes.settled();
    expect(steps).toEqual([
      ['build sal-beginner'],
      ['heard sal-beginner', 'swap sal-beginner', 'build supply-1'],
      ['heard supply-1', 'swap supply-1', 'build supply-2'],
      ['heard supply-2', 'swap supply-2'],
      [],
    ]);
  });

  it('asks for no further build when a league found out of date is being built already', async () => {
    const { refreshes, events, finishBuilds } = byHand();
    refreshes.requestUnlessRunning('sanply');
    refreshes.requestUnlessRunning('sanply');
    await finishBuilds();
    await refreshes.settled();
    expect(events).toEqual(['build sanply', 'heard sanply', 'swap sanply']);
  });

  it('lets the league\'s change be heard as it is when its build fails, so its readers compute it', async () => {
    const { refreshes, events, heard, finishBuilds } = byHand({ failing: 'sanply' });
    refreshes.request('sanply');
    await finishBuilds();
    await refreshes.settled();
    expect(events).toEqual(['build sanply', 'heard sanply']);
    expect(heard).toEqual([refreshOf('sanply')]);
  });
});
