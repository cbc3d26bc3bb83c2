import type pg from 'pg';

/**
 * How readers learn that league data changed: every committed write announces itself on a PostgreSQL channel,
 * which every server process on the database listens to (also when a command-line run wrote). A server's own
 * writes also tell its readers at once, before the writer goes on (so a reader there never serves an answer older
 * than its own write): its writers are given the app's `announce` (server/plugins/league-data-changes.ts), which
 * does both. Each announcement says what changed, so readers drop only what depends on it (docs/caching.md).
 */
export const LEAGUE_DATA_CHANNEL = 'league_data_changed';

/**
 * What a committed write changed, by the names the reads use (league and clan slugs, enlistment numbers, match
 * ids): `leagues` whose league-wide tables or orders may have moved (standings, ranking, clan lists); `clans`,
 * `players` and `matches` whose own figures, lists or detail did. `everything` when the writer cannot say
 * narrowly (a rebuild, a replay, a renamed or moved clan or player, a new clan).
 */
export type LeagueDataChange =
  | { everything: true }
  | { everything?: false; leagues: string[]; clans: string[]; players: string[]; matches: string[] };

export const EVERYTHING: LeagueDataChange = { everything: true };

/** Tells readers that league data changed, and what (call after COMMIT). */
export type Announce = (change: LeagueDataChange) => Promise<void>;

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a longer description is sent as "everything". */
const NOTIFY_PAYLOAD_LIMIT = 8000;

/** The NOTIFY payload: who announced (a server skips its own) and what changed. */
export function encodeChangeNotice(origin: string, change: LeagueDataChange): string {
  const payload = JSON.stringify({ origin, change });
  if (Buffer.byteLength(payload) < NOTIFY_PAYLOAD_LIMIT) return payload;
  return JSON.stringify({ origin, change: EVERYTHING });
}

/** A NOTIFY payload read back; one that is not a description this code wrote counts as "everything". */
export function decodeChangeNotice(payload: string): { origin?: string; change: LeagueDataChange } {
  try {
    const notice = JSON.parse(payload) as { origin?: unknown; change?: Partial<Record<string, unknown>> };
    const origin = typeof notice.origin === 'string' ? notice.origin : undefined;
    const change = notice.change;
    const names = (value: unknown) => Array.isArray(value) && value.every((name) => typeof name === 'string');
    if (change && change.everything !== true && names(change.leagues) && names(change.clans) && names(change.players) && names(change.matches)) {
      return { origin, change: change as LeagueDataChange };
    }
    return { origin, change: EVERYTHING };
  } catch {
    return { change: EVERYTHING };
  }
}

/** Gathers what a write touches while it works; `build()` gives the announcement. */
export function changeCollector() {
  const leagues = new Set<string>();
  const clans = new Set<string>();
  const players = new Set<string>();
  const matches = new Set<string>();
  let everything = false;
  return {
    league: (slug: string) => void leagues.add(slug),
    clan: (slug: string) => void clans.add(slug),
    player: (enlistmentNo: string) => void players.add(enlistmentNo),
    match: (matchId: string) => void matches.add(matchId),
    /** The write changed something readers cannot be told narrowly. */
    everything: () => void (everything = true),
    /** Whether the write so far changed something readers cannot be told narrowly. */
    touchesEverything: () => everything,
    build(): LeagueDataChange {
      if (everything) return EVERYTHING;
      return { leagues: [...leagues], clans: [...clans], players: [...players], matches: [...matches] };
    },
  };
}

export type ChangeCollector = ReturnType<typeof changeCollector>;

/**
 * The announcement of a writer with no readers of its own in the process (a command, another process): the NOTIFY
 * alone, on the writer's connection.
 */
export function notifyOn(client: Pick<pg.ClientBase, 'query'>): Announce {
  return async (change) => {
    await client.query('SELECT pg_notify($1, $2)', [LEAGUE_DATA_CHANNEL, encodeChangeNotice('command', change)]);
  };
}
