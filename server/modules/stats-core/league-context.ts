import type { LeagueContext, LeagueRecordEntry } from '../../contracts/clans.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { presentLeague } from './league-param.js';
import type { LeagueDirectory, LeagueInfo } from './league-directory.js';

/**
 * The league context rule (docs/league-context.md): every figure belongs to one league's rating pool; an answer
 * says which (`shown`), where its clan plays now (`current`) and which other leagues hold records, so a page can
 * name the league, offer the others and never pass one league's figures off as another's.
 */

/** Whose records: a clan's (clan_stats) or a player's (player_stats). */
export interface RecordOwner {
  kind: 'clan' | 'player';
  id: number;
}

interface RecordSqlRow {
  league_id: number;
  rating: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  last_match_at: Date | null;
}

/** Every league the owner has a rated match in, with its figures there, in catalogue order (primary-key reads). */
export async function loadLeagueRecords(prisma: Database, leagues: LeagueDirectory, owner: RecordOwner): Promise<LeagueRecordEntry[]> {
  const source = owner.kind === 'clan'
    ? Prisma.sql`FROM clan_stats WHERE clan_id = ${owner.id}`
    : Prisma.sql`FROM player_stats WHERE player_id = ${owner.id}`;
  const rows = await prisma.$queryRaw<RecordSqlRow[]>`
    SELECT league_id, rating, matches, wins, losses, draws, last_match_at ${source} AND matches > 0`;
  const byLeague = new Map(rows.map((row) => [row.league_id, row]));
  const entries: LeagueRecordEntry[] = [];
  for (const league of await leagues.all()) {
    const row = byLeague.get(league.id);
    if (!row) continue;
    entries.push({
      league: presentLeague(league),
      matches: row.matches,
      win: row.wins,
      lose: row.losses,
      draw: row.draws,
      rating: row.rating,
      lastMatchAt: row.last_match_at?.toISOString() ?? null,
    });
  }
  return entries;
}

/** The context of figures of `shown` whose clan plays in `current` now (undefined: a player without a clan). */
export function presentLeagueContext(shown: LeagueInfo, current: LeagueInfo | undefined, records: LeagueRecordEntry[]): LeagueContext {
  return {
    shown: presentLeague(shown),
    current: current ? presentLeague(current) : null,
    isCurrent: current?.id === shown.id,
    records,
  };
}

/** Loads the owner's records and presents the context of `shown` (one query). */
export async function loadLeagueContext(
  prisma: Database,
  leagues: LeagueDirectory,
  owner: RecordOwner,
  shown: LeagueInfo,
  currentSlug: string | undefined,
): Promise<LeagueContext> {
  const [records, current] = await Promise.all([
    loadLeagueRecords(prisma, leagues, owner),
    currentSlug === undefined ? Promise.resolve(undefined) : leagues.bySlug(currentSlug),
  ]);
  return presentLeagueContext(shown, current, records);
}

/**
 * The league a player's page shows when the address names none: the league of the player's clan when the player
 * has played there; else the league of their latest match; else their clan's league; else the default. The same
 * rule names the league of a player's search result, so the result's link opens the page it describes.
 */
export function defaultPlayerLeagueId(clanLeagueId: number | undefined, playedByRecency: readonly number[], fallbackId: number): number {
  if (clanLeagueId !== undefined && playedByRecency.includes(clanLeagueId)) return clanLeagueId;
  return playedByRecency[0] ?? clanLeagueId ?? fallbackId;
}
