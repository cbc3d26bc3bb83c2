import type pg from 'pg';
import type { MembershipAction } from '../../../db/generated/enums.js';

/** A clan as ingest keeps it in memory. */
export interface ClanEntry {
  id?: number;
  slug: string;
  name: string;
  leagueId: number;
  markBg: string | null;
  markFront: string | null;
  /** When the newest clan record applied to it was true (null: never named by a clan record). */
  recordedAt: Date | null;
}

/** A player as ingest keeps it in memory; `dirty` ones are saved at the end of the batch. */
export interface PlayerEntry {
  id?: number;
  enlistmentNo: string;
  nickname: string;
  clanId: number | null;
  clanJoinedAt: Date | null;
  lastSeenAt: Date | null;
  dirty: boolean;
}

export interface MembershipChange {
  player: PlayerEntry;
  action: MembershipAction;
  fromClanId: number | null;
  toClanId: number | null;
  at: Date;
}

/** Every league id by slug. */
export async function loadLeagues(client: pg.ClientBase): Promise<Map<string, number>> {
  const result = await client.query<{ id: number; slug: string }>('SELECT id, slug FROM leagues');
  return new Map(result.rows.map((row) => [row.slug, row.id]));
}

/** The clans among these slugs, by slug (a run reads only the clans its records name). */
export async function loadClans(client: pg.ClientBase, slugs: readonly string[]): Promise<Map<string, ClanEntry>> {
  if (slugs.length === 0) return new Map();
  const result = await client.query<{
    id: number; slug: string; name: string; league_id: number; mark_bg: string | null; mark_front: string | null; recorded_at: Date | null;
  }>('SELECT id, slug, name, league_id, mark_bg, mark_front, recorded_at FROM clans WHERE slug = ANY($1::varchar[])', [slugs]);
  return new Map(
    result.rows.map((row) => [
      row.slug,
      {
        id: row.id,
        slug: row.slug,
        name: row.name,
        leagueId: row.league_id,
        markBg: row.mark_bg,
        markFront: row.mark_front,
        recordedAt: row.recorded_at,
      },
    ]),
  );
}

/** The players among these enlistment numbers, by number (a run reads only the players its records name). */
export async function loadPlayers(client: pg.ClientBase, enlistmentNos: readonly string[]): Promise<Map<string, PlayerEntry>> {
  if (enlistmentNos.length === 0) return new Map();
  const result = await client.query<{ id: number; enlistment_no: string; nickname: string; clan_id: number | null; clan_joined_at: Date | null; last_seen_at: Date | null }>(
    'SELECT id, enlistment_no, nickname, clan_id, clan_joined_at, last_seen_at FROM players WHERE enlistment_no = ANY($1::varchar[])',
    [enlistmentNos],
  );
  return new Map(
    result.rows.map((row) => [
      row.enlistment_no,
      {
        id: row.id,
        enlistmentNo: row.enlistment_no,
        nickname: row.nickname,
        clanId: row.clan_id,
        clanJoinedAt: row.clan_joined_at,
        lastSeenAt: row.last_seen_at,
        dirty: false,
      },
    ]),
  );
}

/** Slugs and leagues of clans by internal id (the clans a change names that no record of the run named). */
export async function loadClanSlugs(client: pg.ClientBase, clanIds: readonly number[]): Promise<{ slug: string; leagueId: number }[]> {
  if (clanIds.length === 0) return [];
  const result = await client.query<{ slug: string; league_id: number }>('SELECT slug, league_id FROM clans WHERE id = ANY($1::int[])', [clanIds]);
  return result.rows.map((row) => ({ slug: row.slug, leagueId: row.league_id }));
}

/** Enlistment numbers of players by internal id. */
export async function loadEnlistmentNos(client: pg.ClientBase, playerIds: readonly number[]): Promise<string[]> {
  if (playerIds.length === 0) return [];
  const result = await client.query<{ enlistment_no: string }>('SELECT enlistment_no FROM players WHERE id = ANY($1::int[])', [playerIds]);
  return result.rows.map((row) => row.enlistment_no);
}

/** Inserts or updates clans and fills in their ids. */
export async function saveClans(client: pg.ClientBase, clans: ClanEntry[]): Promise<void> {
  if (clans.length === 0) return;
  const result = await client.query<{ id: number; slug: string }>(
    `INSERT INTO clans (slug, name, league_id, mark_bg, mark_front, recorded_at)
     SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::int[], $4::varchar[], $5::varchar[], $6::timestamptz[])
     ON CONFLICT (slug) DO UPDATE SET name = excluded.name, league_id = excluded.league_id,
       mark_bg = excluded.mark_bg, mark_front = excluded.mark_front, recorded_at = excluded.recorded_at, updated_at = now()
     RETURNING id, slug`,
    [
      clans.map((clan) => clan.slug),
      clans.map((clan) => clan.name),
      clans.map((clan) => clan.leagueId),
      clans.map((clan) => clan.markBg),
      clans.map((clan) => clan.markFront),
      clans.map((clan) => clan.recordedAt),
    ],
  );
  const bySlug = new Map(clans.map((clan) => [clan.slug, clan]));
  for (const row of result.rows) bySlug.get(row.slug)!.id = row.id;
}

/** Inserts or updates the changed players and fills in their ids. */
export async function savePlayers(client: pg.ClientBase, players: PlayerEntry[]): Promise<void> {
  if (players.length === 0) return;
  const result = await client.query<{ id: number; enlistment_no: string }>(
    `INSERT INTO players (enlistment_no, nickname, clan_id, clan_joined_at, last_seen_at)
     SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::int[], $4::timestamptz[], $5::timestamptz[])
     ON CONFLICT (enlistment_no) DO UPDATE SET nickname = excluded.nickname, clan_id = excluded.clan_id,
       clan_joined_at = excluded.clan_joined_at, last_seen_at = excluded.last_seen_at, updated_at = now()
     RETURNING id, enlistment_no`,
    [
      players.map((player) => player.enlistmentNo),
      players.map((player) => player.nickname),
      players.map((player) => player.clanId),
      players.map((player) => player.clanJoinedAt),
      players.map((player) => player.lastSeenAt),
    ],
  );
  const byNumber = new Map(players.map((player) => [player.enlistmentNo, player]));
  for (const row of result.rows) {
    const player = byNumber.get(row.enlistment_no)!;
    player.id = row.id;
    player.dirty = false;
  }
}

/** Records joins, leaves and changes (players must have ids). */
export async function saveMembershipChanges(client: pg.ClientBase, changes: MembershipChange[]): Promise<void> {
  if (changes.length === 0) return;
  await client.query(
    `INSERT INTO membership_events (player_id, action, from_clan_id, to_clan_id, at)
     SELECT * FROM unnest($1::int[], $2::membership_action[], $3::int[], $4::int[], $5::timestamptz[])`,
    [
      changes.map((change) => change.player.id),
      changes.map((change) => change.action),
      changes.map((change) => change.fromClanId),
      changes.map((change) => change.toClanId),
      changes.map((change) => change.at),
    ],
  );
}

/**
 * Marks clans as running or not, as updated now, unless already so: a clan already running is marked again only when
 * its mark is older than `refreshRunningAfterMs`. Returns the ids of the clans marked.
 */
export async function markIngestStates(
  client: pg.ClientBase,
  clanIds: readonly number[],
  running: boolean,
  refreshRunningAfterMs: number,
): Promise<number[]> {
  if (clanIds.length === 0) return [];
  const marked = await client.query<{ clan_id: number }>(
    `INSERT INTO ingest_states (clan_id, running, updated_at) SELECT id, $2, now() FROM unnest($1::int[]) AS id
     ON CONFLICT (clan_id) DO UPDATE SET running = excluded.running, updated_at = excluded.updated_at
     WHERE ingest_states.running IS DISTINCT FROM excluded.running
        OR (excluded.running AND ingest_states.updated_at < now() - $3 * interval '1 millisecond')
     RETURNING clan_id`,
    [clanIds, running, refreshRunningAfterMs],
  );
  return marked.rows.map((row) => row.clan_id);
}

/** Marks clans as updated now by ingest, with the 'running' flag given. */
export async function saveIngestStates(client: pg.ClientBase, clanIds: Iterable<number>, running: boolean): Promise<void> {
  const ids = [...clanIds];
  if (ids.length === 0) return;
  await client.query(
    `INSERT INTO ingest_states (clan_id, running, updated_at) SELECT id, $2, now() FROM unnest($1::int[]) AS id
     ON CONFLICT (clan_id) DO UPDATE SET running = excluded.running, updated_at = excluded.updated_at`,
    [ids, running],
  );
}
