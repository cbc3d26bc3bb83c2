import { Prisma } from '../../db/generated/client.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { bundlesFromJson, MATCH_BUNDLE_JSON, type MatchBundle, type MatchBundleJson } from './match-bundles.js';
import type { StatsCore } from './stats-core.js';

/**
 * Skip-paged match lists of one clan (clan_matches) or one player (match_players), newest first, read on the
 * (owner, [league,] started_at DESC, match_id DESC, listed_seq) indexes. The anchor is the owner's highest
 * listed_seq when the first page was read. A row's listed_seq is drawn when it first appears in the list (a new
 * match, or a recording match whose player rows arrive when it completes) and only grows, so leaving out rows
 * above the anchor keeps every offset on the same row while matches arrive or complete, even one that started
 * earlier than the newest listed.
 */

/** Whose matches: a clan's rows or a player's rows, optionally in one league and narrowed by a filter. */
export interface MatchListOwner {
  table: 'clan_matches' | 'match_players';
  ownerId: number;
  leagueId?: number;
  /** More conditions on the owner's rows (a reader's filter, match-list-filter.ts), each starting with AND. */
  condition?: Prisma.Sql;
}

export interface MatchListPage<Tallies> {
  /** The page's matches, in list order. */
  matches: MatchBundle[];
  /** Rows in the list as of the anchor. */
  total: number;
  /** The anchor to send back for later pages. */
  anchor: number;
  /** What the caller's tally expression counted (see readMatchListPage). */
  tallies: Tallies;
}

const ANCHOR_PATTERN = /^m(\d{1,10})$/;

/** The anchor as an opaque URL-safe token. */
export function encodeAnchor(anchor: number): string {
  return Buffer.from(`m${anchor}`).toString('base64url');
}

/** Reads an anchor token; 400 with the cursor text when it is not one. */
export function decodeAnchor(token: string): number {
  const match = ANCHOR_PATTERN.exec(Buffer.from(token, 'base64url').toString('utf8'));
  if (!match) throw new BadRequestError(serverMessages.cursorInvalid, 'invalid_anchor');
  return Number(match[1]);
}

/** Where a tally expression finds the owner's list: its rows' conditions and the anchor (a scalar subquery). */
export interface ListedRows {
  /** The owner's rows with the filter, without the anchor bound (conditions on the owner's table, unaliased). */
  scope: Prisma.Sql;
  anchor: Prisma.Sql;
}

/**
 * A page of `owner`'s matches: `skip` rows past the anchor's position, at most `limit`, with the list's total,
 * the anchor and `tallies` (one JSON value the caller's expression computes over the listed rows) in ONE
 * statement. Every statistics read pays a round trip to PostgreSQL per statement (on the project's machine the
 * socket writes and the driver's per-query work cost more than the index reads), so the page, its counts and
 * every match's rows come back together as one row.
 */
export async function readMatchListPage<Tallies>(
  core: StatsCore,
  owner: MatchListOwner,
  paging: { skip: number; limit: number; anchor?: number },
  tallies: (listed: ListedRows) => Prisma.Sql,
): Promise<MatchListPage<Tallies>> {
  const table = Prisma.raw(owner.table);
  const ownerColumn = Prisma.raw(owner.table === 'clan_matches' ? 'clan_id' : 'player_id');
  const inLeague = owner.leagueId === undefined ? Prisma.empty : Prisma.sql` AND league_id = ${owner.leagueId}`;
  const scope = Prisma.sql`${ownerColumn} = ${owner.ownerId}${inLeague}${owner.condition ?? Prisma.empty}`;
  // Without an anchor the list is read as of its newest row. Unfiltered, every read below is a range of the owner's
  // index entries (listed_seq is an index column, so its bound is checked in the index): the page and the count
  // read no table rows at all, and a deep offset skips entries. A clan's list filtered by map or by result reads a
  // range of its map or result index; the other filters read the owner's rows.
  const bound = paging.anchor === undefined
    ? Prisma.sql`SELECT COALESCE(max(listed_seq), 0)::int AS anchor FROM ${table} WHERE ${scope}`
    : Prisma.sql`SELECT ${paging.anchor}::int AS anchor`;
  const anchor = Prisma.sql`(SELECT anchor FROM bound)`;
  const [row] = await core.prisma.$queryRaw<{ anchor: number; total: number; tallies: Tallies; matches: MatchBundleJson[] | null }[]>`
    WITH bound AS (${bound}),
    page AS (
      SELECT match_id, row_number() OVER (ORDER BY started_at DESC, match_id DESC) AS position
      FROM ${table} WHERE ${scope} AND listed_seq <= ${anchor}
      ORDER BY started_at DESC, match_id DESC OFFSET ${paging.skip} LIMIT ${paging.limit}
    )
    SELECT ${anchor} AS anchor,
           (SELECT count(*)::int FROM ${table} WHERE ${scope} AND listed_seq <= ${anchor}) AS total,
           (${tallies({ scope, anchor })}) AS tallies,
           (SELECT json_agg(${MATCH_BUNDLE_JSON} ORDER BY page.position) FROM page JOIN matches m ON m.id = page.match_id) AS matches`;
  if (!row) throw new Error('the match list statement returned no row');
  return {
    matches: await bundlesFromJson(core, row.matches ?? []),
    total: row.total,
    anchor: row.anchor,
    tallies: row.tallies,
  };
}

/** A page size within a list's maximum: larger requests are served the maximum (spec: limits are clamped). */
export function clampLimit(limit: number, max: number): number {
  return Math.min(limit, max);
}

/** A query flag such as onlySAL: '1' or 'true' turns it on. */
export function flagIsOn(value: string | undefined): boolean {
  return value === '1' || value === 'true';
}
