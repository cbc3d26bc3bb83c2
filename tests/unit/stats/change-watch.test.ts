import { describe, expect, it } from 'vitest';
import { changeWatch, readTags, tagsClearedBy } from '../../../server/modules/stats-core/read-tags.js';

const clanChange = (slug: string) => tagsClearedBy({ leagues: [], clans: [slug], players: [], matches: [] });

describe('the change watch (what an answer computed across changes may keep)', () => {
  it('keeps an answer when only other answers\' data changed since it started, not when its own did', () => {
    const watch = changeWatch();
    const started = watch.mark();
    watch.record(clanChange('beta'));
    expect(watch.changedSince(started, [readTags.clan('alpha')])).toBe(false);
    expect(watch.changedSince(started, [readTags.clan('beta')])).toBe(true);
    expect(watch.changedSince(started, ['*'])).toBe(true);
    watch.record(undefined);
    expect(watch.changedSince(started, [readTags.clan('alpha')])).toBe(true);
  });

  it('keeps nothing that started before the changes it still remembers', () => {
    const watch = changeWatch();
    const started = watch.mark();
    for (let index = 0; index < 300; index += 1) watch.record(clanChange('beta'));
    expect(watch.changedSince(started, [readTags.clan('alpha')])).toBe(true);
    expect(watch.changedSince(watch.mark(), [readTags.clan('alpha')])).toBe(false);
  });

  it('names a league only by a catalogue slug: an alias is every change', () => {
    expect(readTags.league('supply-1')).toBe('league:supply-1');
    expect(readTags.league('supply')).toBe('*');
    expect(readTags.league(undefined)).toBe('*');
  });
});
