import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { hotRows } from '../../db/hot-rows.js';
import type { ClanRef } from '../../contracts/clans.js';
import type { Side } from '../rating/match-result.js';
import {
  clansShownAsStored, keptOrComputed, lookupOf, type KeptStore, type KeptLookup, type KeptLookupRow, type KeptOrComputed,
  type PreparedPage, type SeenVersions,
} from './kept-match-pages.js';

/**
 * A finished match's detail kept ready in PostgreSQL (kept_match_details) as the bytes its route answers,
 * brotli-compressed, as the match lists' first pages are (kept-match-pages.ts, whose epoch and flow it shares, the
 * match's own row standing for its owner version: no row of kept_owner_versions to insert per match;
 * docs/caching.md, "Match details kept in PostgreSQL"): the clan and player pages open the details of their rows,
 * so most reads are of details, most of them read once or twice in a minute.
 *
 * A finished match's detail changes only when ingest writes the match again or a replay rates its league again
 * from before it (both delete the kept detail in their transaction), or when one of its two clans is renamed,
 * re-marked or moved: that changes thousands of details at once, so instead of deleting them the kept row holds
 * its clans' updated_at (which every clan write sets), and the read treats a row whose clans changed since as none.
 * The player rows show the nickname each player played under, so a player's rename or move changes no detail.
 * A match still recording is not kept (its detail changes when it finishes).
 */

/** The key a detail is kept under for the side its reader's clan plays (preferSlug), or '' for neither. */
const seenFromKey = (myTeam: Side | null) => myTeam ?? '';

/**
 * The kept detail of the match with public id `matchId` as `preferSlug` sees it, with the versions it saw:
 * readKeptDetails' lookup for one match. A match that does not exist has no row and nothing computed for it is
 * kept (it has no version), so its lookup needs no epoch.
 */
export async function readKeptDetail(prisma: Database, matchId: string, preferSlug: string | undefined): Promise<KeptLookup> {
  const [listed] = await readKeptDetails(prisma, [matchId], preferSlug ?? null);
  return listed?.found ?? { seen: { epoch: '', owner: null } };
}

/** Keeps one detail computed after its lookup (keepDetails' checks). Returns whether it was kept. */
export async function keepDetail(
  prisma: Database,
  key: { matchId: string; seenFrom: Side | null; seen: SeenVersions },
  page: PreparedPage,
): Promise<boolean> {
  return (await keepDetails(prisma, [{ ...key, page }])) > 0;
}

/** What a detail shows that decides whether it is kept: its status, its two clans and the side it is seen from. */
export interface DetailShown {
  status: 'recording' | 'complete';
  match: { blueClan: ClanRef; redClan: ClanRef };
  myTeam: Side | null;
}

/**
 * A match's detail: the kept one when current, else computed (`compute`), serialized by the route's serializer,
 * and kept once it has left when the match is finished and its clans are as stored (a process that heard of a
 * rename late sends its detail once, never keeps it).
 */
export async function keptOrComputedDetail<Detail extends DetailShown>(
  store: KeptStore,
  lookup: { matchId: string; preferSlug: string | undefined },
  compute: () => Promise<Detail>,
  serialize: (detail: Detail) => string,
): Promise<KeptOrComputed> {
  return keptOrComputed(
    store,
    await readKeptDetail(store.prisma, lookup.matchId, lookup.preferSlug),
    compute,
    serialize,
    async (detail, page, seen) => {
      if (detail.status !== 'complete') return;
      if (!await clansShownAsStored(store, [detail.match.blueClan, detail.match.redClan], seen)) return;
      await keepDetail(store.prisma, { matchId: lookup.matchId, seenFrom: detail.myTeam, seen }, page);
    },
  );
}

/** A listed match's kept detail as readKeptDetails finds it, with the versions its keep checks. */
export interface ListedDetailLookup {
  matchId: string;
  recording: boolean;
  found: KeptLookup;
}

/**
 * The kept details of several matches (public ids) as `preferSlug` sees them, in one statement, each with the
 * versions its keep checks (the epoch, and the match's own: its updated_at, which every write of the match sets);
 * one whose clans changed since it was kept is not current. A match that does not exist has no row.
 */
export async function readKeptDetails(
  prisma: Database,
  matchIds: readonly string[],
  preferSlug: string | null,
): Promise<ListedDetailLookup[]> {
  // Not prepared: how many matches it looks up varies, and so does its best plan.
  const rows = await hotRows<KeptLookupRow & { match_id: string; recording: boolean }>(prisma, Prisma.sql`
    SELECT w.match_id, m.status = 'recording' AS recording, e.epoch::text AS epoch, m.updated_at::text AS owner_version,
           k.brotli, k.etag, (k.blue_clan_at = blue.updated_at AND k.red_clan_at = red.updated_at) AS current
    FROM kept_match_pages_epoch e
    CROSS JOIN unnest(${[...matchIds]}::text[]) AS w(match_id)
    JOIN matches m ON m.external_id = w.match_id
    JOIN clans blue ON blue.id = m.blue_clan_id
    JOIN clans red ON red.id = m.red_clan_id
    LEFT JOIN kept_match_details k ON k.match_id = m.id AND k.seen_from = CASE
      WHEN blue.slug = ${preferSlug}::text THEN 'blue' WHEN red.slug = ${preferSlug}::text THEN 'red' ELSE '' END
    WHERE e.id = 1`);
  return rows.map((row) => ({ matchId: row.match_id, recording: row.recording, found: lookupOf([row]) }));
}

/** A detail computed after readKeptDetails, to keep: the side it is seen from and the match version its lookup saw. */
export interface DetailToKeep {
  matchId: string;
  seenFrom: Side | null;
  seen: SeenVersions;
  page: PreparedPage;
}

/**
 * Keeps computed details in one statement, each with its clans' updated_at as they are now, unless a write of its
 * match (its row written again since its lookup) or of everything came since. Returns how many were kept. The epoch
 * and the match rows are locked FOR SHARE SKIP LOCKED: a write holding either now (it writes the match, or a replay
 * moves the epoch) leaves the detail unkept instead of being waited for, since it deletes the detail anyway when it
 * commits; waiting could deadlock with a replay that holds match rows and waits for the epoch, or with a write that
 * locks several matches in another order.
 */
export async function keepDetails(prisma: Database, details: readonly DetailToKeep[]): Promise<number> {
  const keepable = details.filter((detail) => detail.seen.owner !== null);
  if (keepable.length === 0) return 0;
  // One lookup saw one epoch: every detail carries it.
  const epoch = keepable[0]!.seen.epoch;
  return prisma.$executeRaw`
    INSERT INTO kept_match_details (match_id, seen_from, brotli, etag, blue_clan_at, red_clan_at)
    SELECT m.id, w.seen_from, decode(w.brotli, 'base64'), w.etag, blue.updated_at, red.updated_at
    FROM unnest(
      ${keepable.map((detail) => detail.matchId)}::text[], ${keepable.map((detail) => seenFromKey(detail.seenFrom))}::text[],
      ${keepable.map((detail) => detail.page.brotli.toString('base64'))}::text[], ${keepable.map((detail) => detail.page.etag)}::text[],
      ${keepable.map((detail) => detail.seen.owner!)}::text[]
    ) AS w(match_id, seen_from, brotli, etag, owner_version)
    JOIN matches m ON m.external_id = w.match_id
    JOIN clans blue ON blue.id = m.blue_clan_id
    JOIN clans red ON red.id = m.red_clan_id
    WHERE (SELECT epoch FROM kept_match_pages_epoch WHERE id = 1 FOR SHARE SKIP LOCKED) = ${epoch}::int
      AND (SELECT updated_at FROM matches WHERE id = m.id FOR SHARE SKIP LOCKED) = w.owner_version::timestamptz
    ON CONFLICT (match_id, seen_from) DO UPDATE SET brotli = EXCLUDED.brotli, etag = EXCLUDED.etag,
      blue_clan_at = EXCLUDED.blue_clan_at, red_clan_at = EXCLUDED.red_clan_at`;
}
