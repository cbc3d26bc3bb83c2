import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { IngestRecord, type ClanRecord, type MatchRecord, type PlayerRecord } from '../../../server/contracts/ingest-record.js';
import { generateLeague } from '../../../server/modules/ingest/simulated/league-generator.js';
import { createLivePlayer, FOUND_CLAN_INTERVAL_MS } from '../../../server/modules/ingest/simulated/live-matches.js';

const END_AT = new Date('2026-03-01T12:00:00.000Z');
const MINUTE_MS = 60_000;

/** A small league played to its end, and the ids of the matches it left recording. */
function playedLeague(seed = 'live') {
  const league = generateLeague({ seed, players: 400, matches: 2000, days: 20, endAt: END_AT });
  const matchIds = [...league].flatMap((record) => (record.type === 'match' ? [record.matchId] : []));
  return { state: league.state, matchIds };
}

/** The match records of one live interval (a founded clan's records are left out). */
function tickMatches(live: ReturnType<typeof createLivePlayer>, now: Date): MatchRecord[] {
  return live.tick(now).filter((record): record is MatchRecord => record.type === 'match');
}

/** Orders clan and player records as one interval emits them: by time, each clan before its members. */
function byRecordOrder(a: ClanRecord | PlayerRecord, b: ClanRecord | PlayerRecord): number {
  return a.at.localeCompare(b.at) || (a.type === b.type ? 0 : a.type === 'clan' ? -1 : 1);
}

function minutesAfterEnd(minutes: number): Date {
  return new Date(END_AT.getTime() + minutes * MINUTE_MS);
}

describe('createLivePlayer', () => {
  it('first sends a match as recording, then complete under the same id', () => {
    const { state } = playedLeague();
    const live = createLivePlayer({ state });
    const recording = live.startMatch(minutesAfterEnd(1));
    expect(recording.status).toBe('recording');
    expect(recording.players).toEqual([]);
    expect([recording.blueScore, recording.redScore, recording.winner]).toEqual([null, null, null]);
    expect(live.pendingMatchIds()).toContain(recording.matchId);

    const finished = live.finishMatch(recording.matchId);
    expect(finished).toMatchObject({
      matchId: recording.matchId,
      startedAt: recording.startedAt,
      league: recording.league,
      map: recording.map,
      blueClanSlug: recording.blueClanSlug,
      redClanSlug: recording.redClanSlug,
      status: 'complete',
    });
    expect(finished.players.length).toBeGreaterThanOrEqual(10);
    expect(live.pendingMatchIds()).not.toContain(recording.matchId);
    expect(() => live.finishMatch(recording.matchId)).toThrow();
  });

  it('finishes the matches the generator left recording, then those whose play time has passed', () => {
    const { state, matchIds } = playedLeague();
    const live = createLivePlayer({ state });
    const leftRecording = matchIds.slice(-3);
    expect(live.pendingMatchIds()).toEqual(leftRecording);

    const first = tickMatches(live, minutesAfterEnd(60));
    expect(first.slice(0, 3).map((match) => [match.matchId, match.status])).toEqual(
      leftRecording.map((matchId) => [matchId, 'complete']),
    );
    expect(first[3]!.status).toBe('recording');

    const second = tickMatches(live, minutesAfterEnd(61));
    expect(second).toHaveLength(1);
    const third = tickMatches(live, minutesAfterEnd(120));
    expect(third.filter((match) => match.status === 'complete').map((match) => match.matchId)).toEqual([
      first[3]!.matchId,
      second[0]!.matchId,
    ]);
  });

  it('completes a division\'s matches in start order, so a short later match waits for a long earlier one', () => {
    const { state } = playedLeague();
    const live = createLivePlayer({ state });
    tickMatches(live, minutesAfterEnd(60));
    const started = Array.from({ length: 30 }, (_, minute) => live.startMatch(minutesAfterEnd(61 + minute)));
    const completed: MatchRecord[] = [];
    for (let minute = 91; minute <= 200; minute += 1) {
      completed.push(...tickMatches(live, minutesAfterEnd(minute)).filter((match) => match.status === 'complete'));
    }
    const startedIds = new Set(started.map((match) => match.matchId));
    for (const league of new Set(started.map((match) => match.league))) {
      const order = completed.filter((match) => match.league === league && startedIds.has(match.matchId)).map((match) => match.startedAt);
      expect(order).toEqual([...order].sort());
    }
    // The wait mattered: in some division a later match's play time ended before an earlier one's.
    const ownCompleted = completed.filter((match) => startedIds.has(match.matchId));
    expect(ownCompleted).toHaveLength(started.length);
    const endOf = (match: MatchRecord) => Date.parse(match.startedAt) + match.playTimeSeconds * 1000;
    const overtaken = ownCompleted.some((earlier) =>
      ownCompleted.some((later) => later.league === earlier.league && later.startedAt > earlier.startedAt && endOf(later) < endOf(earlier)),
    );
    expect(overtaken).toBe(true);
  });

  it('resumes recording matches left by an earlier process, rebuilding the same result from the match id', () => {
    const stored = { matchId: 'sim-live-restart-1', league: 'sal-beginner' as const, startedAt: minutesAfterEnd(5) };
    const resumed = () => {
      const { state } = playedLeague();
      const [blue, red] = state.clans.filter((clan) => clan.league === stored.league);
      const live = createLivePlayer({ state });
      live.resume([{ ...stored, blueClanSlug: blue!.slug, redClanSlug: red!.slug }]);
      return live;
    };
    const first = resumed();
    expect(first.pendingMatchIds()).toContain(stored.matchId);
    const finished = first.finishMatch(stored.matchId);
    expect(finished).toMatchObject({ matchId: stored.matchId, status: 'complete', startedAt: stored.startedAt.toISOString() });
    expect(finished.players.length).toBeGreaterThanOrEqual(10);
    expect(resumed().finishMatch(stored.matchId)).toEqual(finished);
  });

  it('founds a clan every four hours, in each division in turn, which plays its division\'s next match', () => {
    const { state } = playedLeague();
    const live = createLivePlayer({ state });
    const check = Compile(IngestRecord);
    const clanCount = state.clans.length;
    const founded: { clan: ClanRecord; minute: number }[] = [];
    const joined: PlayerRecord[] = [];
    const started: { match: MatchRecord; minute: number }[] = [];
    const interval = FOUND_CLAN_INTERVAL_MS / MINUTE_MS;
    for (let minute = 1; minute <= interval * 4 + 60; minute += 1) {
      for (const record of live.tick(minutesAfterEnd(minute))) {
        expect(check.Check(record)).toBe(true);
        if (record.type === 'clan') founded.push({ clan: record, minute });
        if (record.type === 'player') joined.push(record);
        if (record.type === 'match' && record.status === 'recording') started.push({ match: record, minute });
      }
    }
    expect(founded.map(({ clan }) => clan.league)).toEqual(['sal-beginner', 'supply-1', 'supply-2', 'sanply']);
    expect(state.clans).toHaveLength(clanCount + 4);
    expect(new Set(state.clans.map((clan) => clan.slug)).size).toBe(clanCount + 4);
    expect(joined.filter((record) => record.clanSlug === founded[0]!.clan.slug).length).toBeGreaterThanOrEqual(8);
    for (const [index, { clan, minute }] of founded.entries()) {
      expect(clan.at).toBe(minutesAfterEnd((index + 1) * interval).toISOString());
      const debut = started.find((entry) => entry.minute >= minute && entry.match.league === clan.league)!;
      expect([debut.match.blueClanSlug, debut.match.redClanSlug]).toContain(clan.slug);
    }

    // A restarted server, resuming from the same generated season, founds the very same clans with the same members.
    const again = createLivePlayer({ state: playedLeague().state });
    const replayed = again.tick(minutesAfterEnd(interval * 4 + 60)).filter((record) => record.type !== 'match');
    expect(replayed).toEqual([...founded.map(({ clan }) => clan), ...joined].sort(byRecordOrder));
  });

  it('after a restart, finishes a recording match of a clan founded live before the restart', () => {
    const live = createLivePlayer({ state: playedLeague().state });
    const interval = FOUND_CLAN_INTERVAL_MS / MINUTE_MS;
    let debut: MatchRecord | undefined;
    let founded: ClanRecord | undefined;
    for (let minute = interval; !debut; minute += 1) {
      for (const record of live.tick(minutesAfterEnd(minute))) {
        if (record.type === 'clan') founded = record;
        if (founded && record.type === 'match' && record.status === 'recording' && [record.blueClanSlug, record.redClanSlug].includes(founded.slug)) debut = record;
      }
    }
    const restarted = createLivePlayer({ state: playedLeague().state });
    restarted.resume([{ ...debut, startedAt: new Date(debut.startedAt) }]);
    expect(restarted.pendingMatchIds()).toContain(debut.matchId);
    expect(restarted.finishMatch(debut.matchId).players.length).toBeGreaterThanOrEqual(10);
  });

  it('plays clans of one division with their current members, within the contract', () => {
    const { state, matchIds } = playedLeague();
    const live = createLivePlayer({ state });
    const check = Compile(IngestRecord);
    const clans = new Map(state.clans.map((clan) => [clan.slug, clan]));
    const played: MatchRecord[] = [];
    for (let minute = 1; minute <= 40; minute += 1) played.push(live.startMatch(minutesAfterEnd(minute)));
    const finished = played.map((match) => live.finishMatch(match.matchId));
    for (const match of [...played, ...finished]) expect(check.Check(match)).toBe(true);
    for (const match of finished) {
      const blue = clans.get(match.blueClanSlug)!;
      const red = clans.get(match.redClanSlug)!;
      expect(blue).not.toBe(red);
      expect([blue.league, red.league]).toEqual([match.league, match.league]);
      for (const row of match.players) {
        const clan = row.side === 'blue' ? blue : red;
        expect(clan.members.map((member) => member.id)).toContain(row.playerId);
      }
    }
    const ids = new Set([...matchIds, ...played.map((match) => match.matchId)]);
    expect(ids.size).toBe(matchIds.length + played.length);
  });

  it('is deterministic from the seed and the times it is called with', () => {
    const run = (seed: string) => {
      const live = createLivePlayer({ state: playedLeague().state, seed });
      return [1, 2, 3].flatMap((minute) => tickMatches(live, minutesAfterEnd(minute * 30)));
    };
    expect(run('a')).toEqual(run('a'));
    expect(run('a')).not.toEqual(run('b'));
  });
});
