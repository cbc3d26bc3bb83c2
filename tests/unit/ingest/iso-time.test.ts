import { describe, expect, it } from 'vitest';
import { isoTime } from '../../../server/modules/ingest/simulated/iso-time.js';
import { Random } from '../../../server/modules/ingest/simulated/random.js';

describe('isoTime', () => {
  it('writes exactly what Date#toISOString writes', () => {
    const random = new Random('iso');
    const samples = [0, 86_399_999, 86_400_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2025, 11, 31)];
    for (let i = 0; i < 2000; i += 1) samples.push(Math.floor(random.between(0, 4_102_444_800_000)));
    for (const ms of samples) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
