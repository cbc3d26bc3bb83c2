import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { MatchResult } from '../rating/match-result.js';

/**
 * Skip-paged match lists of one clan (clan_matches) or one player (match_players), newest first, read on the
 * (owner, [league,] started_at DESC, match_id DESC, listed_seq) indexes. The anchor is the owner's highest
 * listed_seq when the first page was read. A row's listed_seq is drawn when it first appears in the list (a new
 * match, or a recording match whose player rows arrive when it completes) and only grows, so leaving out rows
 * above the anchor keeps every offset on the same row while matches arrive or complete, even one that started
 * earlier than the newest listed.
 */

/** Whose matches: a clan's rows or a player's rows, optionally in one league. */
export interface MatchListOwner {
  table: 'clan_matches' | 'match_players';
  ownerId: number;
  leagueId?: number;
}

export interface MatchListPage {
  /** Internal ids of the page's matches, in list order. */
  matchIds: number[];
  /** Rows in the list as of the anchor. */
  total: number;
  /** The anchor to send back for later pages. */
  anchor: number;
  /** Results of the rows listed after the anchor (left out of the page and of `total`). */
  newerResults: (MatchResult | null)[];
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

/** A page of `owner`'s matches: `skip` rows past the anchor's position, at most `limit`. */
export async function readMatchListPage(
  prisma: Database,
  owner: MatchListOwner,
  paging: { skip: number; limit: number; anchor?: number },
): Promise<MatchListPage> {
  const table = Prisma.raw(owner.table);
  const ownerColumn = Prisma.raw(owner.table === 'clan_matches' ? 'clan_id' : 'player_id');
  const scope = Prisma.sql`${ownerColumn} = ${owner.ownerId}${owner.leagueId === undefined ? Prisma.empty : Prisma.sql` AND league_id = ${owner.leagueId}`}`;

  // Every read below is a range of the owner's index entries (listed_seq is an index column, so its bound is
  // checked in the index): the page and the count read no table rows at all, and a deep offset skips entries.
  let anchor = paging.anchor;
  let counted: Promise<{ total: number }[]>;
  if (anchor === undefined) {
    const [first] = await prisma.$queryRaw<{ total: number; anchor: number }[]>`
      SELECT count(*)::int AS total, COALESCE(max(listed_seq), 0)::int AS anchor FROM ${table} WHERE ${scope}`;
    anchor = first?.anchor ?? 0;
    counted = Promise.resolve([{ total: first?.total ?? 0 }]);
  } else {
    counted = prisma.$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM ${table} WHERE ${scope} AND listed_seq <= ${anchor}`;
  }
  const [rows, [total], newer] = await Promise.all([
    prisma.$queryRaw<{ match_id: number }[]>`
      SELECT match_id FROM ${table} WHERE ${scope} AND listed_seq <= ${anchor}
      ORDER BY started_at DESC, match_id DESC OFFSET ${paging.skip} LIMIT ${paging.limit}`,
    counted,
    prisma.$queryRaw<{ result: MatchResult | null }[]>`
      SELECT result::text AS result FROM ${table} WHERE ${scope} AND listed_seq > ${anchor}`,
  ]);
  return {
    matchIds: rows.map((row) => row.match_id),
    total: total?.total ?? 0,
    anchor,
    newerResults: newer.map((row) => row.result),
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
