import { describe, expect, it } from 'vitest';
import { EVERYTHING, type LeagueDataChange } from '../../../server/modules/ingest/ingest-api.js';
import { paceLeagueRefreshes } from '../../../server/plugins/league-refresh-pacing.js';
import { handClock } from '../../helpers/hand-clock.js';

const match = (league: string, clan: string): LeagueDataChange => ({ leagues: [league], clans: [clan], players: [`${clan}-1`], matches: [`${clan}-m`] });

/** A pacing on a hand clock, with what it passed on. */
function paced(intervalMs: number) {
  const clock = handClock();
  const heard: LeagueDataChange[] = [];
  const pacing = paceLeagueRefreshes((change) => heard.push(change), intervalMs, clock);
  return { clock, heard, pacing };
}

describe('league refresh pacing (a league\'s tables at most once an interval while its matches stream in)', () => {
  it('passes a league on at once when its last refresh is an interval ago, a match\'s own parts always at once', () => {
    const { clock, heard, pacing } = paced(10_000);
    pacing.hear(match('sal-beginner', 'a'));
    expect(heard).toEqual([match('sal-beginner', 'a')]);
    clock.advance(10_000);
    pacing.hear(match('sal-beginner', 'b'));
    expect(heard.at(-1)).toEqual(match('sal-beginner', 'b'));
    expect(clock.pending()).toBe(0);
  });

  it('holds the leagues of changes within the interval and refreshes each once, an interval after its last refresh', () => {
    const { clock, heard, pacing } = paced(10_000);
    pacing.hear(match('sal-beginner', 'a'));
    clock.advance(1_000);
    pacing.hear(match('sal-beginner', 'b'));
    clock.advance(1_000);
    pacing.hear(match('sal-beginner', 'c'));
    pacing.hear(match('supply-1', 'd'));
    // The clans, players and matches of b and c at once; the league held; another league at once.
    expect(heard.slice(1)).toEqual([
      { ...match('sal-beginner', 'b'), leagues: [] },
      { ...match('sal-beginner', 'c'), leagues: [] },
      match('supply-1', 'd'),
    ]);
    clock.advance(7_999);
    expect(heard).toHaveLength(4);
    clock.advance(1);
    expect(heard.at(-1)).toEqual({ leagues: ['sal-beginner'], clans: [], players: [], matches: [] });
    expect(heard).toHaveLength(5);
    // The trailing refresh counts as the league's last: the next change within an interval of it waits again.
    clock.advance(5_000);
    pacing.hear(match('sal-beginner', 'e'));
    expect(heard.at(-1)).toEqual({ ...match('sal-beginner', 'e'), leagues: [] });
    clock.advance(5_000);
    expect(heard.at(-1)).toEqual({ leagues: ['sal-beginner'], clans: [], players: [], matches: [] });
    expect(clock.pending()).toBe(0);
  });

  it('passes a change of everything on at once, and every change at once with an interval of 0', () => {
    const { clock, heard, pacing } = paced(10_000);
    pacing.hear(match('sal-beginner', 'a'));
    pacing.hear(EVERYTHING);
    expect(heard.at(-1)).toEqual(EVERYTHING);
    const atOnce = paced(0);
    atOnce.pacing.hear(match('sal-beginner', 'a'));
    atOnce.pacing.hear(match('sal-beginner', 'b'));
    expect(atOnce.heard).toEqual([match('sal-beginner', 'a'), match('sal-beginner', 'b')]);
    expect(atOnce.clock.pending()).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('drops the refreshes still due when stopped', () => {
    const { clock, heard, pacing } = paced(10_000);
    pacing.hear(match('sal-beginner', 'a'));
    pacing.hear(match('sal-beginner', 'b'));
    expect(clock.pending()).toBe(1);
    pacing.stop();
    clock.advance(60_000);
    expect(heard).toHaveLength(2);
  });
});
