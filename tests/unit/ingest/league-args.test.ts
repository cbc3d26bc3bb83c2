import { describe, expect, it } from 'vitest';
import { parseLeagueArgs } from '../../../server/modules/ingest/simulated/league-args.js';

describe('parseLeagueArgs', () => {
  it('reads the size flags of a benchmark league', () => {
    const { options, out } = parseLeagueArgs(['--players', '100000', '--matches', '1_000_000', '--out', 'big.ndjson']);
    expect(options).toMatchObject({ players: 100_000, matches: 1_000_000 });
    expect(options.seed).toBeUndefined();
    expect(out).toBe('big.ndjson');
  });

  it('reads seed, clans, days, end time and recording count', () => {
    const { options } = parseLeagueArgs([
      '--seed', 'x', '--clans', '9', '--days', '30', '--end-at', '2026-01-01T00:00:00Z', '--recording', '0',
    ]);
    expect(options).toMatchObject({ seed: 'x', clans: 9, days: 30, recordingCount: 0 });
    expect(options.endAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('rejects unknown flags, fractions and bad dates', () => {
    expect(() => parseLeagueArgs(['--size', '3'])).toThrow();
    expect(() => parseLeagueArgs(['--players', '1.5'])).toThrow(RangeError);
    expect(() => parseLeagueArgs(['--end-at', 'yesterday'])).toThrow(RangeError);
  });
});
