import { describe, expect, it } from 'vitest';
import { LeagueRater, type RatablePlayerRow } from '../../../server/modules/ingest/league-rater.js';

const row = (playerId: number, side: 'blue' | 'red', dropout = false): RatablePlayerRow => ({
  playerId, side, dropout, kill: 10, death: 5, assist: 2, headshot: 3, damagePercent: 20, headshotPercent: 30,
});

describe('LeagueRater', () => {
  it('keeps no figures for a player seen only as a dropout, and leaves the dropout row unrated', () => {
    const rater = new LeagueRater(1);
    const players = [1, 2, 3, 4, 5].map((id) => row(id, 'blue')).concat([6, 7, 8, 9, 10].map((id) => row(id, 'red')), row(11, 'red', true));
    const rated = rater.rate({ startedAt: new Date('2026-11-01T12:00:00Z'), blueClanId: 1, redClanId: 2, winner: 'blue', players });
    expect(rater.players.has(11)).toBe(false);
    expect(rater.dirtyPlayers.has(11)).toBe(false);
    expect(rated.players.get(11)).toMatchObject({ ratingBefore: 1000, ratingAfter: 1000, result: 'lose' });
    expect(rater.players.get(1)).toMatchObject({ matches: 1, wins: 1 });
  });

  it('reads a dropout\'s existing standing without counting the match', () => {
    const rater = new LeagueRater(1);
    const lineup = (dropoutId: number | null) =>
      [1, 2, 3, 4, 5].map((id) => row(id, 'blue')).concat([6, 7, 8, 9, 10].map((id) => row(id, 'red', id === dropoutId)));
    rater.rate({ startedAt: new Date('2026-11-01T12:00:00Z'), blueClanId: 1, redClanId: 2, winner: 'red', players: lineup(null) });
    const before = rater.players.get(10)!;
    const second = rater.rate({ startedAt: new Date('2026-11-01T13:00:00Z'), blueClanId: 1, redClanId: 2, winner: 'blue', players: lineup(10) });
    expect(second.players.get(10)).toMatchObject({ ratingBefore: before.rating, ratingAfter: before.rating });
    expect(rater.players.get(10)!.matches).toBe(1);
  });
});
