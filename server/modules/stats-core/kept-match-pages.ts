import { MATCH_LIST_PAGE_SIZES } from '@shared/rules/match-lists.js';
import type { Database } from '../../db/client.js';
import { hotRows } from '../../db/hot-rows.js';
import { Prisma } from '../../db/generated/client.js';
import type { ClanRef } from '../../contracts/clans.js';
import { compressAnswer, etagOf } from '../../lib/answer-bytes.js';
import { preparedJson } from '../../plugins/prepared-answer.js';
import { DEFAULT_RATING } from '../rating/elo.js';
import type { AnswerKeeps } from './answer-keeps.js';
import { loadClansBySlug, presentClan, type ClanDirectory, type ClanIdentity } from './clan-directory.js';

/**
 * The first page of a clan's or a player's match list kept ready in PostgreSQL (kept_match_pages) as the bytes
 * its route answers, brotli-compressed, so a reader's first page costs one primary-key read and no computing,
 * serialising or compressing (docs/caching.md, "Match list first pages kept in PostgreSQL"); the owner's other
 * panels go with it (keptOrComputedPanel: rating history, clan header, player summary, members, maps panels), and
 * match details share its versions (kept-match-details.ts). The first read of a page fills it; every ingest
 * transaction deletes the pages of the clans and players it touched before it commits (dropKeptPages), so every
 * server process reads the same pages and none serves one older than a committed write.
 *
 * A page computed while a write of its owner committed must not be kept after that write deleted it: the write
 * bumps its owners' versions (kept_owner_versions: `clan:<id>`, `player:<id>`; a detail's is its match row's
 * updated_at) before deleting, a change of everything the one epoch row (kept_match_pages_epoch), and a read keeps its page only if
 * its owner's version and the epoch, locked FOR SHARE, are still the ones it saw before computing (a write in
 * progress makes that lock wait for its commit, then fail the check; a keep that locked first commits before the
 * write's delete starts, which then deletes it). A write of other owners leaves the keep alone. An owner nobody
 * wrote yet has no version row, and FOR SHARE cannot lock a row a write is inserting: the keep first inserts the
 * row itself (ON CONFLICT DO NOTHING, which waits for a write inserting it to commit), then checks.
 *
 * A page also shows clans' names, marks and leagues from the server's clan directory (StatsCore.clans), which a
 * process rebuilds a moment after a change of everything (a rename, a new clan) commits: a page is kept only when
 * every clan it shows is as the database has it, and it lists every row it should (a directory that does not know
 * a new clan leaves its matches out), so a process that hears of a change late serves its page once but never
 * keeps it.
 */

/**
 * Where kept answers live and how their keeps run: the statistics core's database, keeps and clan directory
 * (StatsCore), which a keep checks the clans it shows against.
 */
export interface KeptStore {
  prisma: Database;
  keeps: AnswerKeeps;
  clans: ClanDirectory;
}

/** A kept page's owner key: a clan by id, a player by internal id. */
export const keptPageOwner = {
  clan: (clanId: number) => `clan:${clanId}`,
  player: (playerId: number) => `player:${playerId}`,
};

/** The current rating a player page shows for a clan in a league (each row's league_clan). */
export interface ShownRating {
  clanId: number;
  leagueId: number;
  rating: number;
}

/** A first page as it is sent: its brotli bytes and the ETag of its JSON. */
export interface PreparedPage {
  brotli: Buffer;
  etag: string;
}

/** The versions a lookup saw, which a keep checks: the epoch of every kept answer and the owner's (null: no row yet). */
export interface SeenVersions {
  epoch: string;
  owner: string | null;
}

/** What a read found: the versions it saw, and the kept answer when there is one still current. */
export interface KeptLookup {
  seen: SeenVersions;
  page?: PreparedPage;
}

/**
 * What a read of kept_match_pages found besides: the kept answer's guard and finished matches (a list page's), and
 * the newest clan's id.
 */
interface KeptPageLookup extends KeptLookup {
  guard: string;
  finishedMatchIds: string[];
  /** The kept answer's tags for the public-read cache (KeptOrComputed.tags); empty when kept without them. */
  readTags: string[];
  newestClanId: number | null;
}

/** A lookup's row as both kept tables' reads return it. */
export interface KeptLookupRow {
  epoch: string;
  owner_version: string | null;
  brotli: Uint8Array | null;
  etag: string | null;
  current: boolean | null;
}

/** The lookup a read's row gives: its page only when there is one and it is current. */
export function lookupOf(rows: readonly KeptLookupRow[]): KeptLookup {
  const row = rows[0];
  if (!row) throw new Error('kept_match_pages_epoch has no row: the kept_match_pages migration seeds it');
  const seen = { epoch: row.epoch, owner: row.owner_version };
  if (row.brotli === null || row.etag === null || row.current !== true) return { seen };
  return { seen, page: { brotli: asBuffer(row.brotli), etag: row.etag } };
}

/** The version of the owner `owner` (an SQL expression giving its key) as text, null when it has no row. */
function ownerVersionOf(owner: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT v.version::text FROM kept_owner_versions v WHERE v.owner = ${owner})`;
}

/**
 * Before a keep of an owner the lookup saw no version row of: the row, inserted unless there (waiting for a write
 * inserting it to commit), so that the keep's FOR SHARE has a row to lock (see the top of this file). The keeps of
 * one owner's panels computed together insert it once (rows are never deleted, so sharing one insert is safe).
 */
async function ensureOwnerVersion(store: Pick<KeptStore, 'prisma' | 'keeps'>, owner: string, seen: SeenVersions): Promise<void> {
  if (seen.owner !== null) return;
  await store.keeps.ownerRowOnce(owner, () =>
    store.prisma.$executeRaw`INSERT INTO kept_owner_versions (owner) SELECT ${owner} ON CONFLICT (owner) DO NOTHING`);
}

/**
 * The condition a keep's INSERT holds to: the epoch and the owner's version (an owner with no row seen has
 * version 0, the row ensureOwnerVersion inserts) still as seen, both locked FOR SHARE until the keep commits.
 */
function stillAsSeen(owner: Prisma.Sql, seen: SeenVersions): Prisma.Sql {
  return Prisma.sql`(SELECT epoch FROM kept_match_pages_epoch WHERE id = 1 FOR SHARE) = ${seen.epoch}::int
    AND (SELECT version FROM kept_owner_versions WHERE owner = ${owner} FOR SHARE) = ${seen.owner ?? '0'}::int`;
}

/** Bytes as PostgreSQL's driver gives a bytea, as a Buffer without a copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A serialized answer made ready to keep and send. */
export async function preparePage(json: string): Promise<PreparedPage> {
  return {
    // Compressed once and sent many times, as the public-read cache's answers are; the same ETag as that cache's.
    brotli: await compressAnswer(json, 'br'),
    etag: etagOf(json),
  };
}

/**
 * The kept page of `owner` (an SQL expression giving the owner key, so a player is found by enlistment number in
 * the same statement) for `variant`, with the versions it saw; a page showing a clan rating that has moved since
 * is not current (another clan's match, which did not touch this page's owner, moved it).
 */
export async function readKeptPage(prisma: Database, owner: Prisma.Sql, variant: string): Promise<KeptPageLookup> {
  const rows = await hotRows<KeptLookupRow & {
    guard: string | null; finished_match_ids: string[] | null; read_tags: string[] | null; newest_clan_id: number | null;
  }>(prisma, Prisma.sql`
    SELECT e.epoch::text AS epoch, ${ownerVersionOf(owner)} AS owner_version, k.brotli, k.etag, k.guard, k.finished_match_ids, k.read_tags,
           (SELECT max(id) FROM clans) AS newest_clan_id,
           NOT EXISTS (
             SELECT 1 FROM unnest(k.rating_clan_ids, k.rating_league_ids, k.ratings) AS shown(clan_id, league_id, rating)
             WHERE shown.rating <> COALESCE(
               (SELECT cs.rating FROM clan_stats cs WHERE cs.clan_id = shown.clan_id AND cs.league_id = shown.league_id),
               ${DEFAULT_RATING})
           ) AS current
    FROM kept_match_pages_epoch e
    LEFT JOIN kept_match_pages k ON k.owner = ${owner} AND k.variant = ${variant}
    WHERE e.id = 1`, { prepared: true });
  const row = rows[0];
  return {
    ...lookupOf(rows), guard: row?.guard ?? '', finishedMatchIds: row?.finished_match_ids ?? [], readTags: row?.read_tags ?? [],
    newestClanId: row?.newest_clan_id ?? null,
  };
}

/** An owner key known already, as the lookup takes it. */
export function ownerParam(owner: string): Prisma.Sql {
  return Prisma.sql`${owner}`;
}

/** The SQL owner key of a player named by enlistment number (no row when there is no such player). */
export function playerOwnerByEnlistmentNo(enlistmentNo: string): Prisma.Sql {
  return Prisma.sql`('player:' || (SELECT id FROM players WHERE enlistment_no = ${enlistmentNo}))`;
}

/**
 * Keeps a page computed after the lookup that saw `seen`, unless a write of its owner or of everything has bumped
 * its version since (the page may then predate it). Returns whether it was kept.
 */
export async function keepPage(
  store: Pick<KeptStore, 'prisma' | 'keeps'>,
  key: { owner: string; variant: string; seen: SeenVersions },
  page: PreparedPage,
  shows: { ratings?: readonly ShownRating[]; guard?: string; finishedMatchIds?: readonly string[]; readTags?: readonly string[] } = {},
): Promise<boolean> {
  const owner = ownerParam(key.owner);
  const shown = shows.ratings ?? [];
  await ensureOwnerVersion(store, key.owner, key.seen);
  const kept = await store.prisma.$executeRaw`
    INSERT INTO kept_match_pages (owner, variant, brotli, etag, rating_clan_ids, rating_league_ids, ratings, guard, finished_match_ids, read_tags)
    SELECT ${key.owner}, ${key.variant}, ${page.brotli}, ${page.etag}, ${shown.map((entry) => entry.clanId)}::int[],
           ${shown.map((entry) => entry.leagueId)}::int[], ${shown.map((entry) => entry.rating)}::int[], ${shows.guard ?? ''},
           ${shows.finishedMatchIds ?? []}::text[], ${shows.readTags ?? []}::text[]
    WHERE ${stillAsSeen(owner, key.seen)}
    ON CONFLICT (owner, variant) DO UPDATE SET brotli = EXCLUDED.brotli, etag = EXCLUDED.etag,
      rating_clan_ids = EXCLUDED.rating_clan_ids, rating_league_ids = EXCLUDED.rating_league_ids, ratings = EXCLUDED.ratings,
      guard = EXCLUDED.guard, finished_match_ids = EXCLUDED.finished_match_ids, read_tags = EXCLUDED.read_tags`;
  return kept > 0;
}

/**
 * What a write touched, for the kept answers: every match list page (a change of everything), or these clans' and
 * players'; and the match details it made stale: matches written again, and a league's matches rated again by a
 * replay (kept-match-details.ts; a rename is checked on read there, so a change of everything keeps them).
 */
export interface KeptPagesTouched {
  everything: boolean;
  clanIds: Iterable<number>;
  playerIds: Iterable<number>;
  /** Matches (internal ids) written again. */
  matchIds?: Iterable<number>;
  /** A league rated again from `from` on (its whole history when null). */
  replayed?: ReplayedLeague;
}

/** A league whose matches from `from` on (every one when null) a replay rated again. */
export interface ReplayedLeague {
  leagueId: number;
  from: Date | null;
}

/**
 * Deletes the kept details of matches written again and of the matches a replay rated again (every later one of
 * its league: their rating changes moved), by the (league, start) index of matches.
 */
async function dropKeptDetails(run: RunStatement, matchIds: readonly number[], replayed: ReplayedLeague | undefined): Promise<void> {
  if (matchIds.length > 0) await run('DELETE FROM kept_match_details WHERE match_id = ANY($1::int[])', [matchIds]);
  if (!replayed) return;
  await run(
    `DELETE FROM kept_match_details k USING matches m
     WHERE m.id = k.match_id AND m.league_id = $1 AND ($2::timestamptz IS NULL OR m.started_at >= $2)`,
    [replayed.leagueId, replayed.from],
  );
}

/** A change of everything: every kept page goes. */
export const EVERY_KEPT_PAGE: KeptPagesTouched = { everything: true, clanIds: [], playerIds: [] };

/** Runs one statement of the writer's transaction (a pg client's or a Prisma transaction's). */
export type RunStatement = (sql: string, params: unknown[]) => Promise<unknown>;

/**
 * Deletes the kept answers a write touched, inside the write's transaction and as its last step before COMMIT: it
 * bumps the versions of the owners it touched (the epoch for a change of everything or a replay) first, whose row
 * locks make readers that keep an answer of those owners meanwhile wait for the commit (see the top of this file).
 */
export async function dropKeptPages(run: RunStatement, touched: KeptPagesTouched): Promise<void> {
  const pageOwners = touched.everything ? [] : [
    ...[...touched.clanIds].map(keptPageOwner.clan),
    ...[...touched.playerIds].map(keptPageOwner.player),
  ];
  const matchIds = [...(touched.matchIds ?? [])];
  // Either the epoch (which refuses every keep) or the owners' rows, never both: a keep locks the epoch, then its
  // owner's row, and a write locking them the other way round could deadlock with it. A match written again
  // moves its own row's updated_at, which its detail's keep checks.
  if (touched.everything || touched.replayed) await run('UPDATE kept_match_pages_epoch SET epoch = epoch + 1 WHERE id = 1', []);
  else await bumpOwnerVersions(run, pageOwners);
  if (touched.everything) await run('DELETE FROM kept_match_pages', []);
  else if (pageOwners.length > 0) await run('DELETE FROM kept_match_pages WHERE owner = ANY($1::text[])', [pageOwners]);
  await dropKeptDetails(run, matchIds, touched.replayed);
}

/**
 * Bumps the owners' versions, creating the rows of owners not seen yet, in the owners' order (two writes touching
 * the same owners lock them in the same order: no deadlock).
 */
async function bumpOwnerVersions(run: RunStatement, owners: readonly string[]): Promise<void> {
  if (owners.length === 0) return;
  await run(
    `INSERT INTO kept_owner_versions (owner, version)
     SELECT DISTINCT owner, 1 FROM unnest($1::text[]) AS owner ORDER BY owner
     ON CONFLICT (owner) DO UPDATE SET version = kept_owner_versions.version + 1`,
    [owners],
  );
}

/** A kept answer as the route sends it: prepared bytes, and its JSON when it was computed just now. */
export interface KeptOrComputed {
  page: PreparedPage;
  json?: string;
  fromKept: boolean;
  /** Kept, with what others' writes moved since shown as it is now (a rank): no figure of it computed again. */
  reshown?: boolean;
  /**
   * The public-read cache's tags of the answer, for a route whose tags read its answer (`AnswerTags`): kept with it,
   * so that keeping a kept answer in memory does not decompress and parse it to find them. Unset otherwise.
   */
  tags?: readonly string[];
}

/** A route's tags of an answer it sends (the public-read cache's `dependsOnAnswer`, for this request). */
export type AnswerTags<Answer> = (answer: Answer) => readonly string[];

/**
 * A match list's first page as the route sends it, with the finished matches it lists (public ids, in its order):
 * the details its page prefetches, made ready from these without reading the page's JSON back (details-ahead.ts).
 */
export interface PreparedListPage extends KeptOrComputed {
  finishedMatchIds: readonly string[];
}

/**
 * A list row as both match lists present it: the match, whether it records still, and the clan it is seen from and
 * its opponent, as the directory had them.
 */
interface ListedRow {
  matchId: string;
  recording: boolean;
  league_clan: { clan: ClanRef };
  opponent: { clan: ClanRef };
}

/** The finished matches of a list page's rows, in its order: the details its page prefetches (docs/product/clans.md#match-details). */
export function finishedMatchesOf(rows: ReadonlyArray<{ matchId: string; recording: boolean }>): string[] {
  return rows.filter((row) => !row.recording).map((row) => row.matchId);
}

/** A first page computed: the route's answer, its owner key and the clan ratings it shows (a player page's). */
export interface ComputedFirstPage<Answer> {
  answer: Answer;
  owner: string;
  shown?: readonly ShownRating[];
  /** Clans the page was computed from besides its rows' (a player page's league follows the player's clan). */
  alsoRead?: readonly ClanIdentity[];
}

/**
 * Whether a computed page shows what the database holds now as far as the clan directory goes: it lists every
 * row its total says the page has (a directory that does not know a new clan leaves that clan's matches out),
 * and every clan it names is as stored (a rename heard late).
 */
async function directoryWasCurrent(
  store: KeptStore,
  answer: { data: readonly ListedRow[]; total: number; limit: number },
  alsoRead: readonly ClanIdentity[],
  seen: SeenVersions,
): Promise<boolean> {
  if (answer.data.length !== Math.min(answer.limit, answer.total)) return false;
  const shown: ClanRef[] = [];
  for (const row of answer.data) shown.push(row.league_clan.clan, row.opponent.clan);
  return clansShownAsStored(store, [...shown, ...alsoRead.map(presentClan)], seen);
}

/** A clan as an answer shows it (as the server's clan directory had it): its slug and some of ClanRef's fields. */
export type ShownClan = Partial<ClanRef> & { slug: string };

/**
 * Whether every clan an answer shows is as the database holds it for a keep that checks the versions `seen`, in
 * every field it shows: a process that heard of a rename late must not keep an answer showing the old name, and
 * one that has not heard of a new clan yet (it shows no slug for it) must not keep one without it.
 */
export async function clansShownAsStored(store: KeptStore, clans: readonly ShownClan[], seen: SeenVersions): Promise<boolean> {
  const shown = new Map<string, ShownClan>();
  for (const clan of clans) shown.set(clan.slug, clan);
  if (shown.size === 0) return true;
  const stored = await storedClans(store, [...shown.keys()], seen);
  return stored.length === shown.size && stored.every((clan) => {
    const now: Record<string, unknown> = presentClan(clan);
    return Object.entries(shown.get(clan.slug)!).every(([field, value]) => JSON.stringify(now[field]) === JSON.stringify(value));
  });
}

/**
 * Clans by slug as stored while the epoch is still the one `seen`: the clan directory's, when it was read at that
 * epoch (every write of a clan row moves the epoch, and a keep lands only while it is still the one seen, so these
 * are the clans as stored when a keep lands), else read from the database. Under the live benchmark's run from
 * cold, those reads were about four statements of a cold clan page's twenty-nine, queued on the pool beside the
 * readers (docs/performance.md, "Clans checked against the directory").
 */
async function storedClans(store: KeptStore, slugs: readonly string[], seen: SeenVersions): Promise<ClanIdentity[]> {
  const directory = await store.clans.asOfKeptEpoch(seen.epoch);
  if (!directory) return loadClansBySlug(store.prisma, slugs);
  return slugs.flatMap((slug) => directory.get(slug) ?? []);
}

/**
 * The first page of a match list: the kept one when current, else computed (`compute`), serialized by the
 * route's own serializer (`serialize`: the kept bytes are those the route answers, byte for byte), sent, and
 * kept once it has left (answer-keeps.ts).
 */
export async function keptOrComputedPage<Answer extends { data: readonly ListedRow[]; total: number; limit: number }>(
  store: KeptStore,
  lookup: { owner: Prisma.Sql; variant: string; tagsOf?: AnswerTags<Answer> },
  compute: () => Promise<ComputedFirstPage<Answer>>,
  serialize: (answer: Answer) => string,
): Promise<PreparedListPage> {
  return keptOrComputedUnderOwner(store, lookup, compute, serialize, {
    keepable: (computed, seen) => directoryWasCurrent(store, computed.answer, computed.alsoRead ?? [], seen),
    shown: (computed) => computed.shown,
    finished: (computed) => finishedMatchesOf(computed.answer.data),
  });
}

/**
 * Where a kept answer is looked up (its owner, as an SQL expression, and its variant), how its read checks what
 * others move (`guard`), whether the answer lists clans it reads from the database (`listsClans`), and its route's
 * tags (`tagsOf`: kept with it).
 */
interface KeptAnswerLookup<Answer> {
  owner: Prisma.Sql;
  variant: string;
  guard?: PanelGuard<Answer>;
  /**
   * The answer lists clans it reads from the database (opponents), not only those its rows name: it is kept only
   * when the server's clan directory knew every clan the database held when the read began.
   */
  listsClans?: boolean;
  tagsOf?: AnswerTags<Answer>;
}

/** A clan's or player's panel computed: the route's answer, its owner key and the clans it names. */
export interface ComputedPanel<Answer> {
  answer: Answer;
  owner: string;
  shows: readonly ShownClan[];
  /**
   * What it shows that writes of other owners move (a place in the standings, a rank), written down for the read's
   * check (`PanelGuard`); undefined when it shows nothing such, null when it must not be kept (it would change
   * without a write, e.g. a badge that times out).
   */
  guard?: string | null;
}

/**
 * How a panel's read checks the guard its kept answer was written with against what the server shows now: it
 * holds, or what moved is set on the kept answer as the server shows it now (`showNow`), so that a rank another
 * owner's match moved costs a patch of the kept answer, not computing it again.
 */
export interface PanelGuard<Answer> {
  check: (guard: string) => Promise<GuardCheck<Answer>>;
}

/** A kept answer's guard checked: it holds, or how to show what moved since. */
export type GuardCheck<Answer> = { holds: true } | { holds: false; showNow: (answer: Answer) => void };

/**
 * A clan's or player's panel kept with the owner's first pages (the same owner key, its own variant), so the
 * ingest that deletes those deletes it too: the kept one when current (and, with `guard`, when what others move
 * is still as it showed), else computed and kept when the clans it names are as stored and the server's clan
 * directory knew every clan the database held when the read began (a panel that lists clans leaves out one the
 * directory does not know, which the answer cannot tell).
 */
export async function keptOrComputedPanel<Answer>(
  store: KeptStore,
  lookup: KeptAnswerLookup<Answer>,
  compute: () => Promise<ComputedPanel<Answer>>,
  serialize: (answer: Answer) => string,
): Promise<KeptOrComputed> {
  return keptOrComputedUnderOwner(store, lookup, compute, serialize, {
    keepable: (computed, seen) => clansShownAsStored(store, computed.shows, seen),
    guard: (computed) => computed.guard,
  });
}

/**
 * An answer kept under its owner's key (kept_match_pages): the kept one when current, else computed, serialized,
 * sent, and kept once it has left when `keepable` finds it shows what is stored (with the ratings it shows, when
 * `shown` names them, its guard, when `guard` gives one, and the finished matches it lists, when `finished` names
 * them: none for a panel).
 */
async function keptOrComputedUnderOwner<Answer, Computed extends { answer: Answer; owner: string }>(
  store: KeptStore,
  lookup: KeptAnswerLookup<Answer>,
  compute: () => Promise<Computed>,
  serialize: (answer: Answer) => string,
  checks: {
    keepable: (computed: Computed, seen: SeenVersions) => Promise<boolean>;
    shown?: (computed: Computed) => readonly ShownRating[] | undefined;
    guard?: (computed: Computed) => string | null | undefined;
    finished?: (computed: Computed) => readonly string[];
  },
): Promise<PreparedListPage> {
  const found = await readKeptPage(store.prisma, lookup.owner, lookup.variant);
  if (found.page !== undefined) {
    const check: GuardCheck<Answer> = lookup.guard ? await lookup.guard.check(found.guard) : { holds: true };
    const answer = check.holds
      ? { page: found.page, fromKept: true, tags: found.readTags.length > 0 ? found.readTags : undefined }
      : await reshown(found.page, check.showNow, serialize, lookup.tagsOf);
    return { ...answer, finishedMatchIds: found.finishedMatchIds };
  }
  // Asked before computing: a directory that knew the newest clan then knew every clan the computation could show
  // (a clan created later is a change of everything, which refuses the keep).
  const directoryKnewAll = !lookup.listsClans || found.newestClanId === null ||
    (await store.clans.byIds([found.newestClanId])).has(found.newestClanId);
  const computed = await compute();
  const json = serialize(computed.answer);
  const page = await preparePage(json);
  // Read from the rows whether or not the page is kept: the details made ready with it need them either way.
  const finishedMatchIds = checks.finished?.(computed) ?? [];
  const tags = lookup.tagsOf?.(computed.answer);
  const guard = checks.guard?.(computed);
  if (guard !== null && directoryKnewAll) {
    store.keeps.start(async () => {
      if (!await checks.keepable(computed, found.seen)) return;
      await keepPage(store, { owner: computed.owner, variant: lookup.variant, seen: found.seen }, page, {
        ratings: checks.shown?.(computed), guard, finishedMatchIds, readTags: tags,
      });
    });
  }
  return { page, json, fromKept: false, tags, finishedMatchIds };
}

/**
 * A kept answer shown as the server shows it now: read back from its bytes, what moved set on it, serialized by
 * the route's serializer and compressed again. It is not kept again: what moved moves on with the league's next
 * refresh, and the public-read cache keeps it until then.
 */
async function reshown<Answer>(
  kept: PreparedPage,
  showNow: (answer: Answer) => void,
  serialize: (answer: Answer) => string,
  tagsOf: AnswerTags<Answer> | undefined,
): Promise<KeptOrComputed> {
  const answer = JSON.parse(preparedJson({ page: kept, fromKept: true })) as Answer;
  showNow(answer);
  const json = serialize(answer);
  return { page: await preparePage(json), json, fromKept: true, reshown: true, tags: tagsOf?.(answer) };
}

/**
 * A kept answer of one lookup (a match's detail): the kept one when `found` has it, else computed, serialized by
 * the route's serializer (the kept bytes are the route's answer, byte for byte), prepared and sent, and handed to
 * `keep` with the versions the lookup saw once it has left (it keeps it or not: answer-keeps.ts).
 */
export async function keptOrComputed<Computed>(
  store: KeptStore,
  found: KeptLookup,
  compute: () => Promise<Computed>,
  serialize: (computed: Computed) => string,
  keep: (computed: Computed, page: PreparedPage, seen: SeenVersions) => Promise<void>,
): Promise<KeptOrComputed> {
  if (found.page) return { page: found.page, fromKept: true };
  const computed = await compute();
  const json = serialize(computed);
  const page = await preparePage(json);
  store.keeps.start(() => keep(computed, page, found.seen));
  return { page, json, fromKept: false };
}

const KEPT_PAGE_SIZES: ReadonlySet<number> = new Set(Object.values(MATCH_LIST_PAGE_SIZES));

/**
 * Whether a match list query asks for a first page as the pages first open it: no offset, anchor or filter, at a
 * page size the pages ask for (the kept rows stay a few per clan or player whatever limits clients send).
 */
export function isPlainFirstPage(query: {
  skip: number; limit: number; anchor?: string; map?: string; result?: string; opponent?: string; from?: string; to?: string;
}): boolean {
  return query.skip === 0 && KEPT_PAGE_SIZES.has(query.limit) && query.anchor === undefined && query.map === undefined &&
    query.result === undefined && query.opponent === undefined && query.from === undefined && query.to === undefined;
}
