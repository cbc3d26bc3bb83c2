import { parseArgs } from 'node:util';
import type { LeagueOptions } from './league-options.js';

/** League options (and --out) from flags such as `--players 100000 --matches 1000000`, for benchmark files. */
export function parseLeagueArgs(args: readonly string[]): { options: LeagueOptions; out: string | undefined } {
  const { values } = parseArgs({
    args: [...args],
    options: {
      seed: { type: 'string' },
      players: { type: 'string' },
      clans: { type: 'string' },
      matches: { type: 'string' },
      days: { type: 'string' },
      'end-at': { type: 'string' },
      recording: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const options: LeagueOptions = {
    seed: values.seed,
    players: toNumber('players', values.players),
    clans: toNumber('clans', values.clans),
    matches: toNumber('matches', values.matches),
    days: toNumber('days', values.days),
    endAt: values['end-at'] === undefined ? undefined : toDate(values['end-at']),
    recordingCount: toNumber('recording', values.recording),
  };
  return { options, out: values.out };
}

function toNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.replaceAll('_', ''));
  if (!Number.isInteger(value)) throw new RangeError(`--${flag} must be a whole number (got ${text})`);
  return value;
}

function toDate(text: string): Date {
  const date = text === 'now' ? new Date() : new Date(text);
  if (Number.isNaN(date.getTime())) throw new RangeError(`--end-at must be an ISO date or "now" (got ${text})`);
  return date;
}
