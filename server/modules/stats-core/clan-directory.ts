import type { ClanRef } from '../../contracts/clans.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { clanMarkUrls } from './clan-presenter.js';
import { EVERY_LEAGUE, type SnapshotHub } from './league-snapshots.js';

/** A clan row with the slug of the division it plays in now. */
export interface ClanIdentity {
  id: number;
  slug: string;
  name: string;
  markBg: string | null;
  markFront: string | null;
  leagueId: number;
  leagueSlug: string;
}

interface ClanSqlRow {
  id: number;
  slug: string;
  name: string;
  mark_bg: string | null;
  mark_front: string | null;
  league_id: number;
  league_slug: string;
}

const CLAN_COLUMNS = Prisma.sql`c.id, c.slug, c.name, c.mark_bg, c.mark_front, c.league_id, l.slug AS league_slug`;

function toIdentity(row: ClanSqlRow): ClanIdentity {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    markBg: row.mark_bg,
    markFront: row.mark_front,
    leagueId: row.league_id,
    leagueSlug: row.league_slug,
  };
}

/**
 * Every clan by slug and by internal id: the few thousand rows every clan, match and player read names; and the
 * kept answers' epoch (kept_match_pages_epoch) read in the same statement, null when there is no clan.
 */
interface ClanTables {
  bySlug: Map<string, ClanIdentity>;
  byId: Map<number, ClanIdentity>;
  keptEpoch: string | null;
}

async function loadClanTables(prisma: Database): Promise<ClanTables> {
  const rows = await prisma.$queryRaw<Array<ClanSqlRow & { kept_epoch: string }>>`
    SELECT ${CLAN_COLUMNS}, (SELECT epoch::text FROM kept_match_pages_epoch WHERE id = 1) AS kept_epoch
    FROM clans c JOIN leagues l ON l.id = c.league_id`;
  const clans = rows.map(toIdentity);
  return {
    bySlug: new Map(clans.map((clan) => [clan.slug, clan])),
    byId: new Map(clans.map((clan) => [clan.id, clan])),
    keptEpoch: rows[0]?.kept_epoch ?? null,
  };
}

/** The two clans of each match named (public ids), as the database has them now; none for an unknown match. */
export async function loadClansOfMatches(prisma: Database, matchIds: readonly string[]): Promise<ClanIdentity[]> {
  const rows = await prisma.$queryRaw<ClanSqlRow[]>`
    SELECT ${CLAN_COLUMNS} FROM matches m JOIN clans c ON c.id IN (m.blue_clan_id, m.red_clan_id) JOIN leagues l ON l.id = c.league_id
    WHERE m.external_id = ANY(${[...matchIds]}::text[])`;
  return rows.map(toIdentity);
}

/** Clans by slug as the database has them now (not the directory's copy), for checking what a page showed. */
export async function loadClansBySlug(prisma: Database, slugs: readonly string[]): Promise<ClanIdentity[]> {
  const rows = await prisma.$queryRaw<ClanSqlRow[]>`
    SELECT ${CLAN_COLUMNS} FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.slug = ANY(${[...slugs]}::text[])`;
  return rows.map(toIdentity);
}

/**
 * Every clan, held in memory, so naming a clan costs no query. A clan's identity changes only with a clan record
 * (announced as a change of everything, which drops it); the data version of every league rebuilds it too, at
 * most once a second while ingest writes: one read of a few thousand rows, cheap enough to keep as the safety net.
 */
export function clanDirectory(hub: SnapshotHub) {
  const tables = hub.kind(loadClanTables);

  /** A clan by slug; undefined when there is none. */
  async function find(slug: string): Promise<ClanIdentity | undefined> {
    return (await tables.get(EVERY_LEAGUE)).bySlug.get(slug);
  }

  /** A clan by slug, or 404 with the clan text. */
  async function require(slug: string): Promise<ClanIdentity> {
    const clan = await find(slug);
    if (!clan) throw new NotFoundError(serverMessages.clanInfoNotFound, 'clan_not_found');
    return clan;
  }

  /** Clans by internal id, for lists that name many clans. */
  async function byIds(ids: Iterable<number>): Promise<Map<number, ClanIdentity>> {
    const { byId } = await tables.get(EVERY_LEAGUE);
    const found = new Map<number, ClanIdentity>();
    for (const id of ids) {
      const clan = byId.get(id);
      if (clan) found.set(id, clan);
    }
    return found;
  }

  /**
   * Every clan by slug as the database held it at the kept answers' epoch `epoch`, when the directory was read at
   * that epoch; undefined otherwise. Every write of a clan row moves the epoch in its transaction, so these are
   * the clans as stored for as long as the epoch stays `epoch` (what a keep checks: kept-match-pages.ts).
   */
  async function asOfKeptEpoch(epoch: string): Promise<ReadonlyMap<string, ClanIdentity> | undefined> {
    const { bySlug, keptEpoch } = await tables.get(EVERY_LEAGUE);
    return keptEpoch === epoch ? bySlug : undefined;
  }

  return { find, require, byIds, asOfKeptEpoch };
}

export type ClanDirectory = ReturnType<typeof clanDirectory>;

/** A clan as every clan, match and player call names it (all spellings of identity and name). */
export function presentClan(clan: ClanIdentity): ClanRef {
  return {
    slug: clan.slug,
    clanSlug: clan.slug,
    clanId: clan.slug,
    name: clan.name,
    clanName: clan.name,
    ...clanMarkUrls(clan),
    leagueName: clan.leagueSlug,
  };
}
