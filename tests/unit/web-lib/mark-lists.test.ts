import { describe, expect, it } from 'vitest';
import { parseBrowserMarks, withMark, withoutMark } from '../../../web/src/features/marks/mark-lists.js';
import { MARK_LIMITS, type MarkSubject } from '../../../web/src/features/marks/mark-types.js';
import { markPath } from '../../../web/src/features/marks/mark-paths.js';

const clan = (slug: string, league = 'sal-beginner'): MarkSubject => ({
  kind: 'clan', target: slug, league, name: slug.toUpperCase(), clanSlug: slug, mark_bg: null, mark_front: null,
});
const NOW = '2026-11-25T12:00:00.000Z';

describe('a visitor\'s favourites and recently viewed, kept in the browser', () => {
  it('puts a starred or viewed clan first, once, with the league seen last', () => {
    let marks = parseBrowserMarks(null, null);
    marks = withMark(marks, 'recent', clan('a'), NOW)!;
    marks = withMark(marks, 'recent', clan('b'), NOW)!;
    marks = withMark(marks, 'recent', clan('a', 'supply-1'), NOW)!;
    expect(marks.recent.map((mark) => [mark.target, mark.league])).toEqual([['a', 'supply-1'], ['b', 'sal-beginner']]);
    expect(withoutMark(marks, 'recent', 'clan', 'a').recent.map((mark) => mark.target)).toEqual(['b']);
  });

  it(`keeps the newest ${MARK_LIMITS.recent} views and refuses a favourite past ${MARK_LIMITS.favourites}`, () => {
    let marks = parseBrowserMarks(null, null);
    for (let index = 0; index < 30; index += 1) marks = withMark(marks, 'recent', clan(`c${index}`), NOW)!;
    expect(marks.recent).toHaveLength(MARK_LIMITS.recent);
    expect(marks.recent[0]!.target).toBe('c29');
    for (let index = 0; index < MARK_LIMITS.favourites; index += 1) marks = withMark(marks, 'favourites', clan(`f${index}`), NOW)!;
    expect(withMark(marks, 'favourites', clan('one-more'), NOW)).toBeNull();
    // Starring one already there again is no new entry: it moves to the top.
    expect(withMark(marks, 'favourites', clan('f0'), NOW)!.favourites[0]!.target).toBe('f0');
  });

  it('takes over the clan header\'s earlier favourites, and reads a damaged entry as empty', () => {
    const old = JSON.stringify([{ league: 'supply-2', slug: 'old-clan', name: '옛클랜' }, { slug: 5 }]);
    const marks = parseBrowserMarks(null, old, NOW);
    expect(marks.favourites).toEqual([{
      kind: 'clan', target: 'old-clan', league: 'supply-2', name: '옛클랜', clanSlug: 'old-clan',
      mark_bg: '/clan-logos/old-clan-1.png', mark_front: '/clan-logos/old-clan-2.png', markedAt: NOW,
    }]);
    expect(parseBrowserMarks('{not json', null)).toEqual({ favourites: [], recent: [] });
    expect(parseBrowserMarks(JSON.stringify({ favourites: [{ kind: 'team', target: 'x' }], recent: 'no' }), null))
      .toEqual({ favourites: [], recent: [] });
  });

  it('opens a mark in the league the reader saw', () => {
    expect(markPath({ kind: 'clan', target: 'a-b', league: 'supply-1' })).toBe('/league/supply-1/clan/a-b');
    expect(markPath({ kind: 'player', target: '12345', league: 'sanply' })).toBe('/sal/player/12345?league=sanply');
  });
});
