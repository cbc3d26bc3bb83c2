import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { MatchRecord, PlayerMatchRow } from '../../server/contracts/ingest-record.js';
import type { ClanMatchesResponse, PlayerRecentResponse } from '../../server/contracts/matches.js';

/**
 * Skip pages of the match lists while matches arrive and recording matches complete ("skip pages never repeat or skip a
 * row while new matches arrive": docs/product/statistics-api.md#skip-paging-and-the-anchor). A recording match is
 * stored with its clan rows but no player rows; completing it adds the players' rows under the match's older id, which
 * must not shift a reader's pages.
 */
describe('match list pages while matches arrive and complete', () => {
  const context = useLeagueTestApp();
  /** The recording match completed by the test, one of its players and both clans. */
  let recording: MatchRecord;
  let player: { enlistment_no: string; nickname: string };
  let league: string;

  /** Five members of a clan as the rows of one side (the player first when they are a member). */
  async function sideRows(clanSlug: string, side: 'blue' | 'red', first?: string): Promise<PlayerMatchRow[]> {
    const { rows } = await context.pool.query<{ enlistment_no: string; nickname: string }>(
      `SELECT p.enlistment_no, p.nickname FROM players p JOIN clans c ON c.id = p.clan_id WHERE c.slug = $1
       ORDER BY p.enlistment_no = $2 DESC, p.enlistment_no LIMIT 5`,
      [clanSlug, first ?? ''],
    );
    return rows.map((row, index) => ({
      playerId: row.enlistment_no, nickname: row.nickname, side, kill: 10 - index, death: 5, assist: 3, headshot: 2,
      damage: 1500, damagePercent: 20, headshotPercent: 20, weapon: 'rifle', dropout: false, corrected: false,
    }));
  }

  beforeAll(async () => {
    const matches = context.records.filter((record): record is MatchRecord => record.type === 'match');
    const completed = new Set(matches.filter((match) => match.status === 'complete').map((match) => match.matchId));
    recording = matches.find((match) => match.status === 'recording' && !completed.has(match.matchId))!;
    league = recording.league;
    // The blue clan's member with the most matches in the league: several pages to read.
    const { rows } = await context.pool.query<{ enlistment_no: string; nickname: string }>(
      `SELECT p.enlistment_no, p.nickname FROM players p JOIN clans c ON c.id = p.clan_id
       JOIN player_stats s ON s.player_id = p.id JOIN leagues l ON l.id = s.league_id
       WHERE c.slug = $1 AND l.slug = $2 ORDER BY s.matches DESC, p.enlistment_no LIMIT 1`,
      [recording.blueClanSlug, league],
    );
    player = rows[0]!;
  });

  it('gives page 2 with the anchor without a repeat or a gap after a recording match of the player completed', async () => {
    const recentUrl = (skip: number, anchor?: string) =>
      `/api/league/player/${player.enlistment_no}/recent?skip=${skip}&limit=10&onlySAL=1${anchor ? `&anchor=${anchor}` : ''}`;
    const clanUrl = (skip: number, anchor?: string) =>
      `/api/league/${league}/clan-matches/${recording.blueClanSlug}?skip=${skip}&limit=10&onlySAL=1${anchor ? `&anchor=${anchor}` : ''}`;
    const read = async <T>(url: string) => (await context.app.inject({ url })).json<T>();

    const before = await read<PlayerRecentResponse>(`/api/league/player/${player.enlistment_no}/recent?skip=0&limit=20&onlySAL=1`);
    expect(before.total).toBeGreaterThan(20);
    expect(before.data.map((row) => row.matchId)).not.toContain(recording.matchId);
    const clanBefore = await read<ClanMatchesResponse>(clanUrl(0).replace('limit=10', 'limit=20'));

    const page1 = await read<PlayerRecentResponse>(recentUrl(0));
    const clanPage1 = await read<ClanMatchesResponse>(clanUrl(0));

    // The recording match completes with the player on the blue side, and a brand-new match of theirs arrives.
    const blue = await sideRows(recording.blueClanSlug, 'blue', player.enlistment_no);
    const red = await sideRows(recording.redClanSlug, 'red');
    expect(blue[0]!.playerId).toBe(player.enlistment_no);
    const completedRecord: MatchRecord = {
      ...recording, status: 'complete', playTimeSeconds: 900, blueScore: 6, redScore: 4, winner: 'blue', players: [...blue, ...red],
    };
    const arrived: MatchRecord = {
      ...completedRecord, matchId: 'stability-new-1', startedAt: new Date(Date.parse(recording.startedAt) + 60_000).toISOString(),
    };
    await context.ingest([completedRecord, arrived]);

    const page2 = await read<PlayerRecentResponse>(recentUrl(10, page1.anchor));
    const ids = [...page1.data, ...page2.data].map((row) => row.matchId);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual(before.data.map((row) => row.matchId));
    expect(page2.total).toBe(page1.total);

    const clanPage2 = await read<ClanMatchesResponse>(clanUrl(10, clanPage1.anchor));
    expect([...clanPage1.data, ...clanPage2.data].map((row) => row.matchId)).toEqual(clanBefore.data.map((row) => row.matchId));
    expect(clanPage2.total).toBe(clanPage1.total);

    // A reader starting now sees both matches, newest first, and the grown total.
    const fresh = await read<PlayerRecentResponse>(recentUrl(0));
    expect(fresh.data.slice(0, 2).map((row) => row.matchId)).toEqual(['stability-new-1', recording.matchId]);
    expect(fresh.data[1]).toMatchObject({ status: 'complete', result: 'win', myKill: blue[0]!.kill });
    expect(fresh.total).toBe(page1.total + 2);
    expect(fresh.anchor).not.toBe(page1.anchor);
  });

  it('keeps a completed match\'s rows where they were listed when ingest writes the match again', async () => {
    const { rows: [listed] } = await context.pool.query<{ listed: number[] }>(
      `SELECT array_agg(mp.listed_seq ORDER BY mp.player_id) AS listed FROM match_players mp
       JOIN matches m ON m.id = mp.match_id WHERE m.external_id = $1`,
      [recording.matchId],
    );
    const blue = await sideRows(recording.blueClanSlug, 'blue', player.enlistment_no);
    const red = await sideRows(recording.redClanSlug, 'red');
    const corrected: MatchRecord = {
      ...recording, status: 'complete', playTimeSeconds: 901, blueScore: 6, redScore: 5, winner: 'blue', players: [...blue, ...red],
    };
    await context.ingest([corrected]);
    const { rows: [after] } = await context.pool.query<{ listed: number[] }>(
      `SELECT array_agg(mp.listed_seq ORDER BY mp.player_id) AS listed FROM match_players mp
       JOIN matches m ON m.id = mp.match_id WHERE m.external_id = $1`,
      [recording.matchId],
    );
    expect(after!.listed).toEqual(listed!.listed);
  });
});
