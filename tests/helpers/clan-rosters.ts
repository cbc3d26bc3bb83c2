import type pg from 'pg';
import type { IngestRecord, MatchRecord } from '../../server/contracts/ingest-record.js';
import { TEST_LEAGUE_END_AT } from './league-app.js';
import { finalMatches } from './league-records.js';

/** A stored clan with its league and its members as they are named now, in id order. */
export interface ClanRoster {
  clan: string;
  league: string;
  players: Array<{ playerId: string; nickname: string }>;
}

/** Every stored clan with its league and members (none for a clan without members), in id order. */
export async function clanRosters(pool: pg.Pool): Promise<ClanRoster[]> {
  const rows = await pool.query<ClanRoster>(`
    SELECT c.slug AS clan, l.slug AS league,
           COALESCE(json_agg(json_build_object('playerId', p.enlistment_no, 'nickname', p.nickname) ORDER BY p.id)
                    FILTER (WHERE p.id IS NOT NULL), '[]') AS players
    FROM clans c JOIN leagues l ON l.id = c.league_id LEFT JOIN players p ON p.clan_id = c.id
    GROUP BY c.id, l.slug ORDER BY c.id`);
  return rows.rows;
}

/** The league holding the most of these clans, with its clans in id order. */
export function busiestLeague(rosters: readonly ClanRoster[]): { league: string; clans: ClanRoster[] } {
  const byLeague = new Map<string, ClanRoster[]>();
  for (const roster of rosters) byLeague.set(roster.league, [...(byLeague.get(roster.league) ?? []), roster]);
  const [league, clans] = [...byLeague].sort((x, y) => y[1].length - x[1].length)[0]!;
  return { league, clans };
}

/**
 * A finished match of the league, `hoursAfterEnd` after the test league's end (before it when negative), between
 * two clans played by the members given (up to five a side, in the stored match's lines): a stored match of the
 * league with its clans and players replaced.
 */
export function matchBetween(records: readonly IngestRecord[], match: {
  league: string;
  matchId: string;
  hoursAfterEnd: number;
  blue: { clan: string; members: ClanRoster['players'] };
  red: { clan: string; members: ClanRoster['players'] };
}): MatchRecord {
  const template = finalMatches(records).find((stored) => stored.status === 'complete' && stored.league === match.league)!;
  const side = (color: 'blue' | 'red', members: ClanRoster['players']) => {
    const rows = template.players.filter((row) => row.side === color);
    return members.slice(0, Math.min(5, rows.length)).map((member, index) => ({ ...rows[index]!, ...member }));
  };
  return {
    ...template,
    matchId: match.matchId,
    startedAt: new Date(TEST_LEAGUE_END_AT.getTime() + match.hoursAfterEnd * 3_600_000).toISOString(),
    blueClanSlug: match.blue.clan,
    redClanSlug: match.red.clan,
    players: [...side('blue', match.blue.members), ...side('red', match.red.members)],
  };
}
