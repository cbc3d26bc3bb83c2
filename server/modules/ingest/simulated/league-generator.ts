import type { IngestRecord } from '../../../contracts/ingest-record.js';
import { FixturePicker } from './fixture-picker.js';
import { isoTime } from './iso-time.js';
import { LeagueCalendar } from './league-calendar.js';
import { resolveLeagueOptions, type LeagueOptions, type ResolvedLeagueOptions } from './league-options.js';
import { createLeagueState, type LeagueState } from './league-state.js';
import { buildMatch, toRecording } from './match-builder.js';
import { clanRecord, moveClan, movePlayer, playerRecord, recordDivisionResult } from './roster-changes.js';

/** Division moves (promotions and relegations) over the whole season, per clan. */
const CLAN_MOVE_SHARE = 0.25;
/** Joins, leaves and transfers over the whole season, per player. */
const PLAYER_MOVE_SHARE = 0.4;

/**
 * The league's records as a one-pass stream, plus the league state it advances (final once the stream ends) and
 * how many match records it will yield.
 */
export type LeagueStream = Generator<IngestRecord, void, undefined> & { readonly state: LeagueState; readonly matchCount: number };

/** Streams a deterministic simulated season in time order, holding no match in memory; `.state` is its league. */
export function generateLeague(options: LeagueOptions = {}): LeagueStream {
  const resolved = resolveLeagueOptions(options);
  const state = createLeagueState(resolved);
  return Object.assign(playSeason(state, resolved), { state, matchCount: resolved.matches });
}

function* playSeason(state: LeagueState, options: ResolvedLeagueOptions): Generator<IngestRecord, void, undefined> {
  const random = state.random;
  const seasonStart = isoTime(state.startMs);
  for (const clan of state.clans) yield clanRecord(clan, seasonStart);
  for (const player of state.players) yield playerRecord(player, seasonStart);

  const calendar = new LeagueCalendar(state.startMs, options.days, random);
  const matchesPerDay = withMatchOnLastDay(calendar.spread(options.matches));
  const clanMovesPerDay = calendar.spread(Math.max(4, Math.round(options.clans * CLAN_MOVE_SHARE)));
  const playerMovesPerDay = calendar.spread(Math.round(options.players * PLAYER_MOVE_SHARE));
  const picker = new FixturePicker(state.clans);
  const firstRecording = options.matches - options.recordingCount;
  let matchNumber = 0;

  for (let day = 0; day < options.days; day += 1) {
    picker.refresh(day);
    let clanMoves = clanMovesPerDay[day] ?? 0;
    let playerMoves = playerMovesPerDay[day] ?? 0;
    const times = calendar.times(day, (matchesPerDay[day] ?? 0) + clanMoves + playerMoves);
    // The newest match starts exactly at endAt; moves only take the slots before it.
    const lastDay = day === options.days - 1;
    if (lastDay) times[times.length - 1] = state.endMs;
    for (let slot = 0; slot < times.length; slot += 1) {
      const at = times[slot] as number;
      const movesLeft = clanMoves + playerMoves;
      const openSlots = times.length - slot - (lastDay ? 1 : 0);
      if (movesLeft > 0 && random.next() * openSlots < movesLeft) {
        const isClanMove = random.next() * movesLeft < clanMoves;
        if (isClanMove) clanMoves -= 1;
        else playerMoves -= 1;
        const record = rosterMove(state, picker, isClanMove, isoTime(at));
        if (record) yield record;
        continue;
      }
      matchNumber += 1;
      const fixture = picker.pick(random);
      const match = buildMatch(random, `sim-${matchNumber}`, fixture, at);
      recordDivisionResult(fixture.blue, fixture.red, match.winner);
      if (matchNumber <= firstRecording) {
        yield match;
        continue;
      }
      state.pending.set(match.matchId, match);
      yield toRecording(match);
    }
  }
}

/** Moves a clan to another division or a player to another clan (or none); null when none could move. */
function rosterMove(state: LeagueState, picker: FixturePicker, isClanMove: boolean, at: string): IngestRecord | null {
  if (!isClanMove) {
    const player = movePlayer(state, state.random);
    return player && playerRecord(player, at);
  }
  const move = moveClan(state, state.random);
  if (!move) return null;
  picker.moveClan(move.clan, move.from);
  return clanRecord(move.clan, at);
}

/** Moves one match onto the last day when the split left it empty, so the newest match can sit at endAt. */
function withMatchOnLastDay(matchesPerDay: number[]): number[] {
  const last = matchesPerDay.length - 1;
  if ((matchesPerDay[last] ?? 0) > 0) return matchesPerDay;
  const donor = matchesPerDay.findLastIndex((count) => count > 0);
  matchesPerDay[donor] = (matchesPerDay[donor] ?? 0) - 1;
  matchesPerDay[last] = 1;
  return matchesPerDay;
}
