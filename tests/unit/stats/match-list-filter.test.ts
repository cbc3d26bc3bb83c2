import { describe, expect, it } from 'vitest';
import { koreanDayStart } from '../../../server/lib/korean-time.js';
import { isFiltered, resolveMatchListFilter } from '../../../server/modules/stats-core/match-list-filter.js';

describe('Korean calendar days of the match list filters', () => {
  it('starts a day at 00:00 Korean time (15:00 UTC the day before)', () => {
    expect(koreanDayStart('2026-03-01')?.toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(koreanDayStart('2024-02-29')?.toISOString()).toBe('2024-02-28T15:00:00.000Z');
  });

  it('is null for text that is no real day', () => {
    for (const value of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '20260101', '', '2026-01-01T00:00']) {
      expect(koreanDayStart(value), value).toBeNull();
    }
  });
});

describe('resolveMatchListFilter', () => {
  const clans = async (slug: string) => (slug === 'known' ? 7 : undefined);

  it('takes `to` as the whole day: matches before the next day starts', async () => {
    const filter = await resolveMatchListFilter({ from: '2026-03-01', to: '2026-03-01' }, clans);
    expect(filter.from?.toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(filter.before?.toISOString()).toBe('2026-03-01T15:00:00.000Z');
  });

  it('names the opponent by its internal id, and refuses an unknown one, a reversed range and a false day', async () => {
    expect(await resolveMatchListFilter({ opponent: 'known', map: '프로방스', result: 'win' }, clans))
      .toEqual({ opponentClanId: 7, map: '프로방스', result: 'win' });
    await expect(resolveMatchListFilter({ opponent: 'nope' }, clans)).rejects.toMatchObject({ statusCode: 400, code: 'unknown_opponent' });
    await expect(resolveMatchListFilter({ from: '2026-03-02', to: '2026-03-01' }, clans))
      .rejects.toMatchObject({ statusCode: 400, code: 'invalid_filter_range' });
    await expect(resolveMatchListFilter({ to: '2026-04-31' }, clans)).rejects.toMatchObject({ statusCode: 400, code: 'invalid_filter_day' });
  });

  it('an empty filter reads the whole list', async () => {
    expect(isFiltered(await resolveMatchListFilter({}, clans))).toBe(false);
    expect(isFiltered(await resolveMatchListFilter({ from: '2026-01-01' }, clans))).toBe(true);
  });
});
