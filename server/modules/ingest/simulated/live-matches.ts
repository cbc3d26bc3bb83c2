import type { IngestRecord, LeagueSlugValue, MatchRecord } from '../../../contracts/ingest-record.js';
import { FixturePicker } from './fixture-picker.js';
import { foundClan, LEAGUES, type LeagueState } from './league-state.js';
import { isoTime } from './iso-time.js';
import { clanRecord, playerRecord } from './roster-changes.js';
import { buildMatch, toRecording } from './match-builder.js';
import { Random } from './random.js';

/**
 * A new clan is founded every this long after the generated season's end. Foundings go by the clock, not by the
 * matches played, so a restarted server founds exactly the same clans again (its records change nothing).
 */
export const FOUND_CLAN_INTERVAL_MS = 4 * 3_600_000;

/** What the live player continues from. */
export interface LivePlayerOptions {
  /** The league as the generator left it (`generateLeague(...).state` after the stream ended). */
  state: LeagueState;
  /** Seed of the live matches; default: the league's seed. */
  seed?: string;
}

/** A live match stored as 'recording' by an earlier server process (what `resume` needs to finish it). */
export interface StoredRecordingMatch {
  matchId: string;
  league: LeagueSlugValue;
  blueClanSlug: string;
  redClanSlug: string;
  startedAt: Date;
}

/** Keeps a generated league playing: each match is first sent 'recording', later complete under the same id. */
export interface LivePlayer {
  /** Starts a match at `now` and returns its 'recording' record; the complete one waits for `finishMatch`. */
  startMatch(now: Date): MatchRecord;
  /** Returns the complete record of a match still recording (started live or left so by the generator). */
  finishMatch(matchId: string): MatchRecord;
  /**
   * One interval's worth: completes the recording matches whose play time has passed by `now` (in each division
   * in start order, so a match never finishes after a later one and forces a replay of its league), then
   * starts one. Each FOUND_CLAN_INTERVAL_MS a new clan is founded first (its clan and player records come
   * before the match), so the live league keeps clans in placement as the season's new clans graduate.
   */
  tick(now: Date): IngestRecord[];
  /**
   * Takes back the live matches an earlier process left recording, so they complete instead of staying
   * 'recording' for good. Their result is rebuilt from the match id alone (the same on every restart); a match
   * whose clans no longer exist is skipped.
   */
  resume(matches: readonly StoredRecordingMatch[]): void;
  /** Ids of the matches still recording, oldest first. */
  pendingMatchIds(): string[];
  /** Slugs of the clans playing a match that is still recording. */
  recordingClanSlugs(): string[];
}

/** The live mode (INGEST_LIVE=1): new matches of the generated league, deterministic from seed and call times. */
export function createLivePlayer(options: LivePlayerOptions): LivePlayer {
  const { state } = options;
  const random = new Random(`${options.seed ?? state.seed}/live`);
  const picker = new FixturePicker(state.clans);
  picker.refresh(Number.POSITIVE_INFINITY);
  let sequence = 0;

  const startMatch = (now: Date): MatchRecord => {
    sequence += 1;
    // The start time in the id keeps ids unique even when a restarted server regenerates the same league.
    const matchId = `sim-live-${now.getTime().toString(36)}-${sequence}`;
    const match = buildMatch(random, matchId, picker.pick(random), now.getTime());
    state.pending.set(matchId, match);
    return toRecording(match);
  };

  const finishMatch = (matchId: string): MatchRecord => {
    const match = state.pending.get(matchId);
    if (!match) throw new Error(`match ${matchId} is not recording`);
    state.pending.delete(matchId);
    return match;
  };

  let foundings = 0;
  /** The clans founded since the last interval, each with its own PRNG so a restart founds the same ones. */
  const foundClansUntil = (now: Date): IngestRecord[] => {
    const records: IngestRecord[] = [];
    for (;;) {
      const at = state.endMs + (foundings + 1) * FOUND_CLAN_INTERVAL_MS;
      if (at > now.getTime()) return records;
      const league = LEAGUES[foundings % LEAGUES.length] as LeagueSlugValue;
      foundings += 1;
      const { clan, members } = foundClan(state, league, new Random(`${options.seed ?? state.seed}/found/${foundings}`));
      picker.foundClan(clan);
      records.push(clanRecord(clan, isoTime(at)), ...members.map((member) => playerRecord(member, isoTime(at))));
    }
  };

  const tick = (now: Date): IngestRecord[] => {
    const blocked = new Set<LeagueSlugValue>();
    const finished: MatchRecord[] = [];
    for (const match of [...state.pending.values()].sort(byStartTime)) {
      if (blocked.has(match.league)) continue;
      if (Date.parse(match.startedAt) + match.playTimeSeconds * 1000 > now.getTime()) blocked.add(match.league);
      else finished.push(finishMatch(match.matchId));
    }
    return [...finished, ...foundClansUntil(now), startMatch(now)];
  };

  const resume = (matches: readonly StoredRecordingMatch[]) => {
    // The clans founded up to the newest of these matches exist already (the earlier process stored them):
    // found them again in memory, without records, so their matches can be finished.
    const newest = Math.max(...matches.map((match) => match.startedAt.getTime()));
    if (matches.length > 0) foundClansUntil(new Date(newest));
    const clans = new Map(state.clans.map((clan) => [clan.slug, clan]));
    for (const stored of matches) {
      const blue = clans.get(stored.blueClanSlug);
      const red = clans.get(stored.redClanSlug);
      if (!blue || !red || state.pending.has(stored.matchId)) continue;
      const fixture = { league: stored.league, blue, red };
      const matchRandom = new Random(`${options.seed ?? state.seed}/live/${stored.matchId}`);
      state.pending.set(stored.matchId, buildMatch(matchRandom, stored.matchId, fixture, stored.startedAt.getTime()));
    }
  };

  const recordingClanSlugs = () => [...state.pending.values()].flatMap((match) => [match.blueClanSlug, match.redClanSlug]);
  return { startMatch, finishMatch, tick, resume, pendingMatchIds: () => [...state.pending.keys()], recordingClanSlugs };
}

function byStartTime(a: MatchRecord, b: MatchRecord): number {
  return Date.parse(a.startedAt) - Date.parse(b.startedAt);
}
