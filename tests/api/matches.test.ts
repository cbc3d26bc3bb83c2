import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import type { MatchDetailResponse } from '../../server/contracts/matches.js';
import { resultForSide } from '../../server/modules/rating/match-result.js';
import { pickMvp } from '../../server/modules/rating/mvp.js';

const MATCH_NOT_FOUND = '매치 정보를 찾을 수 없습니다.';

describe('GET /api/league/match-detail/{matchId}', () => {
  const context = useLeagueTestApp();
  /** Every match as it ended up (a recording record is replaced by its complete one). */
  let matches: MatchRecord[];

  const detail = async (matchId: string, query = '') => {
    const response = await context.app.inject({ url: `/api/league/match-detail/${matchId}${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<MatchDetailResponse>().data;
  };

  beforeAll(async () => {
    const byId = new Map<string, MatchRecord>();
    for (const record of context.records) if (record.type === 'match') byId.set(record.matchId, record);
    matches = [...byId.values()];
  });

  it('gives both teams with every per-player figure of a finished match, as the source recorded them', async () => {
    const match = matches.find((candidate) => candidate.status === 'complete' && candidate.winner !== 'draw')!;
    const data = await detail(match.matchId);
    expect(data.recording).toBe(false);
    expect(data.match).toMatchObject({
      matchId: match.matchId, map: match.map, status: 'complete', scores: [match.blueScore, match.redScore],
      blueClanSlug: match.blueClanSlug, redClanSlug: match.redClanSlug, play_time: match.playTimeSeconds,
    });
    expect(data.resultTeam).toBe(match.winner);
    for (const side of ['blue', 'red'] as const) {
      const rows = match.players.filter((row) => row.side === side);
      const teamKills = rows.reduce((sum, row) => sum + row.kill, 0);
      expect(data.players[side].map((row) => row.playerId).sort()).toEqual(rows.map((row) => row.playerId).sort());
      for (const shown of data.players[side]) {
        const row = rows.find((candidate) => candidate.playerId === shown.playerId)!;
        expect(shown).toMatchObject({
          nickname: row.nickname, kill: row.kill, death: row.death, assist: row.assist, headshot: row.headshot,
          damage_percent: row.damagePercent, headshot_percent: row.headshotPercent, weapon: row.weapon,
          weaponCode: row.weapon === 'sniper' ? 1 : 0, isSniper: row.weapon === 'sniper', dropout: row.dropout,
          isCorrected: row.corrected, side, result: resultForSide(match.winner!, side),
          clanSlug: side === 'blue' ? match.blueClanSlug : match.redClanSlug,
        });
        expect(shown.kill_share).toBe(teamKills === 0 ? null : Math.round((row.kill / teamKills) * 1000) / 10);
        expect(shown.win).toBe(resultForSide(match.winner!, side) === 'win');
        expect(shown.player).toMatchObject({ id: row.playerId, name: row.nickname });
        expect(shown.clanMark.mark_bg).toMatch(/^\/clan-logos\//);
      }
    }
    const detailInfo = data.detailData.matchResultDataInfo;
    expect(detailInfo).toMatchObject({
      blue_result: resultForSide(match.winner!, 'blue'), red_result: resultForSide(match.winner!, 'red'),
      blue_clan_no: match.blueClanSlug, red_clan_no: match.redClanSlug, score: `${match.blueScore}:${match.redScore}`,
    });
  });

  it('marks the MVP of the spec\'s rule (best score among the winners who did not drop out), and only them', async () => {
    for (const match of matches.filter((candidate) => candidate.status === 'complete').slice(-40)) {
      const data = await detail(match.matchId);
      const mvps = [...data.players.blue, ...data.players.red].filter((row) => row.isMvp).map((row) => row.playerId);
      const expected = pickMvp(match.players, match.winner!);
      expect(mvps).toEqual(expected ? [expected] : []);
      expect(data.match.mvp?.playerId ?? null).toBe(expected);
    }
  });

  it('carries each player\'s rating before and after; a dropout keeps theirs and is flagged', async () => {
    const match = matches.find((candidate) => candidate.status === 'complete' && candidate.players.some((row) => row.dropout))!;
    const data = await detail(match.matchId);
    for (const row of [...data.players.blue, ...data.players.red]) {
      expect(row.ratingBefore).not.toBeNull();
      expect(row.ratingChange).toBe(row.ratingAfter! - row.ratingBefore!);
      expect(row.rating).toBe(row.ratingAfter);
      if (row.dropout) expect(row.ratingChange).toBe(0);
    }
    expect([...data.players.blue, ...data.players.red].some((row) => row.dropout)).toBe(true);
    const blueDelta = data.match.blueRating.after! - data.match.blueRating.before!;
    // The winning clan never loses points, the losing one never gains.
    if (match.winner === 'blue') expect(blueDelta).toBeGreaterThanOrEqual(0);
    if (match.winner === 'red') expect(blueDelta).toBeLessThanOrEqual(0);
  });

  it('shows damage corrected to 0 by the source as unknown (null)', async () => {
    const match = matches.find((candidate) => candidate.players.some((row) => row.corrected && row.damage === 0))!;
    const row = match.players.find((candidate) => candidate.corrected && candidate.damage === 0)!;
    const data = await detail(match.matchId);
    const shown = data.players[row.side].find((candidate) => candidate.playerId === row.playerId)!;
    expect(shown.damage).toBeNull();
    expect(shown.isCorrected).toBe(true);
  });

  it('says clearly when a match is still recording, with no player rows yet', async () => {
    const match = matches.find((candidate) => candidate.status === 'recording')!;
    const data = await detail(match.matchId);
    expect(data).toMatchObject({ recording: true, status: 'recording', detailFetched: false, resultTeam: null });
    expect(data.match).toMatchObject({ recording: true, scores: [null, null], mvp: null });
    expect(data.players).toEqual({ blue: [], red: [] });
  });

  it('with preferSlug naming one of the clans, gives that side and its result', async () => {
    const match = matches.find((candidate) => candidate.status === 'complete' && candidate.winner !== 'draw')!;
    const red = await detail(match.matchId, `?preferSlug=${match.redClanSlug}`);
    expect(red.myTeam).toBe('red');
    expect(red.result).toBe(resultForSide(match.winner!, 'red'));
    const other = await detail(match.matchId, '?preferSlug=1');
    expect(other.myTeam).toBeNull();
    expect(other.result).toBeNull();
  });

  it('answers 404 with the match text for an unknown match id', async () => {
    const response = await context.app.inject({ url: '/api/league/match-detail/no-such-match' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'match_not_found', message: MATCH_NOT_FOUND });
  });
});
