import { describe, expect, it } from 'vitest';
import type { LeagueContext, LeagueRecordEntry } from '../../../server/contracts/clans.js';
import { defaultPlayerLeagueId, presentLeagueContext } from '../../../server/modules/stats-core/league-context.js';
import type { LeagueInfo } from '../../../server/modules/stats-core/league-directory.js';
import { describeLeagueContext } from '../../../web/src/lib/league-context.js';
import { clanPath, headToHeadPath, leaguePath, playerPath, proxyPlayerPath } from '../../../web/src/lib/league-links.js';

/** The league context rule (docs/league-context.md), both halves: what the server says and what a page makes of it. */

const LEAGUES: Record<string, LeagueInfo> = {
  'sal-beginner': { id: 1, slug: 'sal-beginner', label: '통합 비기너 리그', kind: 'beginner' },
  'supply-1': { id: 2, slug: 'supply-1', label: '1부 리그 (Amateur)', kind: 'supply' },
  'supply-2': { id: 3, slug: 'supply-2', label: '2부 리그 (Semi-Pro)', kind: 'supply' },
  sanply: { id: 4, slug: 'sanply', label: '3부 리그 (산플)', kind: 'sanply' },
};
const league = (slug: string) => LEAGUES[slug]!;

function record(slug: string, matches: number): LeagueRecordEntry {
  const info = league(slug);
  return { league: { slug, name: info.label, kind: info.kind }, matches, win: matches, lose: 0, draw: 0, rating: 1000, lastMatchAt: null };
}

function context(shown: string, current: string | null, records: [string, number][]): LeagueContext {
  return presentLeagueContext(league(shown), current === null ? undefined : league(current), records.map(([slug, n]) => record(slug, n)));
}

describe('the league a player page shows when the address names none', () => {
  const fallback = league('sal-beginner').id;

  it('is the league of the player\'s clan when the player has played there', () => {
    expect(defaultPlayerLeagueId(2, [1, 2], fallback)).toBe(2);
  });

  it('is the league of the latest match when the player never played in their clan\'s league (the clan just moved)', () => {
    expect(defaultPlayerLeagueId(2, [1, 4], fallback)).toBe(1);
  });

  it('is the league of the latest match for a player without a clan', () => {
    expect(defaultPlayerLeagueId(undefined, [4, 1], fallback)).toBe(4);
  });

  it('is the clan\'s league before any match, and the default league without a clan or a match', () => {
    expect(defaultPlayerLeagueId(3, [], fallback)).toBe(3);
    expect(defaultPlayerLeagueId(undefined, [], fallback)).toBe(fallback);
  });
});

describe('the context an answer carries', () => {
  it('names the league shown and where the clan plays now, and says whether they are the same', () => {
    expect(context('sal-beginner', 'sal-beginner', [['sal-beginner', 30]])).toMatchObject({
      shown: { slug: 'sal-beginner', name: '통합 비기너 리그' }, current: { slug: 'sal-beginner' }, isCurrent: true,
    });
    expect(context('sal-beginner', 'supply-1', [['sal-beginner', 30]])).toMatchObject({ current: { slug: 'supply-1' }, isCurrent: false });
    expect(context('sal-beginner', null, [['sal-beginner', 30]])).toMatchObject({ current: null, isCurrent: false });
  });
});

describe('what a page shows for a context', () => {
  it('offers no switcher for figures of one league where the clan plays', () => {
    const view = describeLeagueContext(context('supply-2', 'supply-2', [['supply-2', 12]]));
    expect(view).toMatchObject({ shown: 'supply-2', switchable: false, movedTo: null, live: true, hasRecords: true, unaffiliated: false });
    expect(view.entries).toEqual([{ slug: 'supply-2', matches: 12, active: true, current: true }]);
  });

  it('lists every league with records, the shown one and the current one, in catalogue order', () => {
    const view = describeLeagueContext(context('sal-beginner', 'supply-1', [['sanply', 4], ['sal-beginner', 66]]));
    expect(view.entries).toEqual([
      { slug: 'sal-beginner', matches: 66, active: true, current: false },
      { slug: 'supply-1', matches: 0, active: false, current: true },
      { slug: 'sanply', matches: 4, active: false, current: false },
    ]);
    expect(view.switchable).toBe(true);
  });

  it('reads a league the clan has left as history: moved, not live, figures still there', () => {
    const view = describeLeagueContext(context('sal-beginner', 'supply-1', [['sal-beginner', 66], ['supply-1', 18]]));
    expect(view).toMatchObject({ movedTo: 'supply-1', live: false, hasRecords: true });
  });

  it('reads a league with no record as such, even where the clan plays now', () => {
    const view = describeLeagueContext(context('supply-1', 'supply-1', [['sal-beginner', 66]]));
    expect(view).toMatchObject({ hasRecords: false, live: true, movedTo: null, switchable: true });
  });

  it('reads a player without a clan as unaffiliated: nothing live, nowhere moved', () => {
    const view = describeLeagueContext(context('sal-beginner', null, [['sal-beginner', 40]]));
    expect(view).toMatchObject({ unaffiliated: true, live: false, movedTo: null, hasRecords: true });
  });
});

describe('links carry the league of the figures they were shown with', () => {
  it('names the league in a clan page\'s path and in a player page\'s query', () => {
    expect(clanPath('sal-beginner', 'golden-commando')).toBe('/league/sal-beginner/clan/golden-commando');
    expect(playerPath('865714854', 'sal-beginner')).toBe('/sal/player/865714854?league=sal-beginner');
    expect(proxyPlayerPath('supply-2', '41457448')).toBe('/player/supply-2/41457448');
    expect(headToHeadPath('sanply', 'a', 'b')).toBe('/league/sanply/clan/a/vs/b');
    expect(leaguePath('supply-1')).toBe('/league/supply-1');
  });

  it('keeps the player page\'s other parameters and lets the page choose only when no league is known', () => {
    expect(playerPath('123456', 'supply-1', { highlight: '철수', match: 'sim-9' })).toBe('/sal/player/123456?league=supply-1&highlight=%EC%B2%A0%EC%88%98&match=sim-9');
    expect(playerPath('123456', null)).toBe('/sal/player/123456');
    expect(clanPath('sal-beginner', 'raven', { match: 'sim-12' })).toBe('/league/sal-beginner/clan/raven?match=sim-12');
  });

  it('escapes what an address cannot hold', () => {
    expect(clanPath('sal-beginner', 'a/b c')).toBe('/league/sal-beginner/clan/a%2Fb%20c');
  });
});
