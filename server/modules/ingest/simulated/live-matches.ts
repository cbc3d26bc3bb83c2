import type { MatchRecord } from '../../../contracts/ingest-record.js';
import { FixturePicker } from './fixture-picker.js';
import type { LeagueState } from './league-state.js';
import { buildMatch, toRecording } from './match-builder.js';
import { Random } from './random.js';

/** What the live player continues from. */
export interface LivePlayerOptions {
  /** The league as the generator left it (`generateLeague(...).state` after the stream ended). */
  state: LeagueState;
  /** Seed of the live matches; default: the league's seed. */
  seed?: string;
}

/** Keeps a generated league playing: each match is first sent 'recording', later complete under the same id. */
export interface LivePlayer {
  /** Starts a match at `now` and returns its 'recording' record; the complete one waits for `finishMatch`. */
  startMatch(now: Date): MatchRecord;
  /** Returns the complete record of a match still recording (started live or left so by the generator). */
  finishMatch(matchId: string): MatchRecord;
  /** One interval's worth: completes every recording match whose play time has passed by `now`, then starts one. */
  tick(now: Date): MatchRecord[];
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

  const tick = (now: Date): MatchRecord[] => {
    const finished = [...state.pending.values()]
      .filter((match) => Date.parse(match.startedAt) + match.playTimeSeconds * 1000 <= now.getTime())
      .map((match) => finishMatch(match.matchId));
    return [...finished, startMatch(now)];
  };

  const recordingClanSlugs = () => [...state.pending.values()].flatMap((match) => [match.blueClanSlug, match.redClanSlug]);
  return { startMatch, finishMatch, tick, pendingMatchIds: () => [...state.pending.keys()], recordingClanSlugs };
}
