import type { Transaction } from '../../db/client.js';

/** The player a clan refresh asks about. */
export interface RefreshedPlayer {
  id: number;
  nickname: string;
}

/** What a source says about a player's clan: the clan slug (null: no clan) and the time that was true. */
export interface PlayerClanReading {
  clanSlug: string | null;
  at: Date;
}

/**
 * Where the clan refresh re-reads a player's clan. It runs inside the refresh's transaction (`db`), under the
 * ingest lock; undefined means the source knows nothing about the player.
 */
export interface PlayerClanSource {
  readClan(player: RefreshedPlayer, db: Transaction): Promise<PlayerClanReading | undefined>;
}

/**
 * The default source: what ingest stored, read back — the clan the player played for in their newest match row.
 * The simulated league and the NDJSON import have no separate live lookup; ingest keeps their latest word in
 * match rows and membership events, and the refresh repairs a stored clan older than the newest match.
 */
export const storedMatchClanSource: PlayerClanSource = {
  async readClan(player, db) {
    const rows = await db.$queryRaw<{ slug: string; started_at: Date }[]>`
      SELECT c.slug, mp.started_at FROM match_players mp JOIN clans c ON c.id = mp.clan_id
      WHERE mp.player_id = ${player.id}
      ORDER BY mp.started_at DESC, mp.match_id DESC LIMIT 1`;
    const row = rows[0];
    return row && { clanSlug: row.slug, at: row.started_at };
  },
};
