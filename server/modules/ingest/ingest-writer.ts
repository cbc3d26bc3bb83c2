import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { ClanRecord, IngestRecord, MatchRecord, PlayerRecord } from '../../contracts/ingest-record.js';
import { LeagueRater } from './league-rater.js';
import { replayLeague, replayLeagueFrom } from './replay.js';
import {
  loadClans, loadClanSlugs, loadEnlistmentNos, loadLeagues, loadPlayers, saveClans, saveIngestStates, saveMembershipChanges,
  savePlayers, type ClanEntry, type MembershipChange, type PlayerEntry,
} from './store/entity-store.js';
import {
  anyMatchStored, deleteMatchRows, findStoredMatches, loadWatermarks, previousOwners, saveMatches, saveMatchRows, type MatchToStore,
} from './store/match-store.js';
import { copyLeagueFigures, loadRaterFigures, saveOpponentRecords, saveRecords } from './store/stats-store.js';
import { dropKeptPages, EVERY_KEPT_PAGE, type KeptPagesTouched } from '../stats-core/kept-match-pages.js';

import { changeCollector, notifyOn, type Announce } from './data-changes.js';
import { membershipAction } from './membership.js';
import { INGEST_LOCK_KEY, IngestLockBusyError } from './ingest-lock.js';

/** Matches per transaction: large enough that a player's repeated rows in a batch fold into one update. */
const DEFAULT_BATCH_SIZE = 5000;

export interface IngestSummary {
  matches: number;
  newMatches: number;
  changedMatches: number;
  unchangedMatches: number;
  /** Distinct clans and players created or updated. */
  clans: number;
  players: number;
  /** Leagues whose ratings were recomputed because a match arrived out of time order. */
  replayedLeagues: string[];
  /** Matches rated again by those replays (each from its late match on, not from the league's first). */
  replayedMatches: number;
  seconds: number;
}

export interface IngestOptions {
  /** Matches per transaction (default DEFAULT_BATCH_SIZE). */
  batchSize?: number;
  /** Called after each batch with the number of match records read so far. */
  onProgress?(matchesRead: number): void;
  /**
   * Wait at most this long for another run to release the ingest lock, then fail with IngestLockBusyError before
   * reading the source (default: wait as long as it takes). For runs a person waits for.
   */
  lockWaitMs?: number;
  /** How readers are told of the change once committed (default: the NOTIFY alone, for a run with no app). */
  announce?: Announce;
}

/** Takes the ingest lock for the session, waiting at most `waitMs` when given. */
async function takeIngestLock(client: pg.PoolClient, waitMs: number | undefined): Promise<void> {
  if (waitMs === undefined) {
    await client.query('SELECT pg_advisory_lock($1)', [INGEST_LOCK_KEY]);
    return;
  }
  await client.query(`SET lock_timeout = ${Math.max(1, Math.ceil(waitMs))}`);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [INGEST_LOCK_KEY]);
  } catch (error) {
    // 55P03 lock_not_available: the wait ran out.
    if ((error as { code?: unknown }).code === '55P03') throw new IngestLockBusyError();
    throw error;
  } finally {
    await client.query('RESET lock_timeout');
  }
}

/** A stable fingerprint of a record: re-sending the same record is recognised and changes nothing. */
function fingerprint(record: MatchRecord): string {
  return createHash('sha1').update(JSON.stringify(record)).digest('hex');
}

/** A player record's clan, named by slug until the batch's new clans have ids. */
interface PendingMembership {
  player: PlayerEntry;
  toSlug: string | null;
  at: Date;
}

/**
 * Writes ingest records (from any source) into the database, idempotently by match id. Matches are rated in
 * time order as they arrive; a finished match older than the newest rated one of its league (out of order, or a
 * 'recording' match completed late) makes that league replay from its time at the end of the run.
 *
 * A run reads only what its records name: each batch reads the clans and players it names that the run has not
 * read yet, and the figures of the clans and players its matches rate. A run of one live match costs the same
 * in a league of any size, and nothing is kept between runs, so another process's writes are always seen.
 */
export class IngestWriter {
  private leagues = new Map<string, number>();
  /** The clans and players the run's records named so far (as stored, then as the run changed them). */
  private clans = new Map<string, ClanEntry>();
  private players = new Map<string, PlayerEntry>();
  private raters = new Map<number, LeagueRater>();
  /** Per league, the clans and players whose stored figures the rater has read (or found none of). */
  private figuresRead = new Map<number, { clanIds: Set<number>; playerIds: Set<number> }>();
  private watermarks = new Map<number, Date>();
  /** Per league, the earliest time a replay must start from. */
  private replayFrom = new Map<number, Date>();
  /**
   * Leagues replayed from their first match instead: in a load into an empty league, a finished match stored
   * earlier in the run came again changed. Its first version is in the figures the raters hold (written at the
   * end), which a replay from the moment would start from.
   */
  private replayWhole = new Set<number>();

  /** Clan and player records of the batch, in arrival order: applied once the batch's clans and players are read. */
  private pendingRecords: (ClanRecord | PlayerRecord)[] = [];
  private pendingClans = new Map<string, ClanEntry>();
  /** Player records waiting for their clan's id, in arrival order. */
  private pendingMemberships: PendingMembership[] = [];
  /** Joins of players first seen in a match row (their clan id is known). */
  private firstSeenJoins: MembershipChange[] = [];
  private pendingMatches: MatchRecord[] = [];
  private touchedClans = new Set<number>();
  /**
   * No match was stored when the run began: the whole run is one transaction, and the figures, the players' latest
   * details and the clans' ingest states are written once at its end instead of after every batch (each batch
   * would rewrite most players and their figures). Readers see the league appear whole, and a run that fails
   * leaves the league empty, so running it again is again a load into an empty league.
   */
  private intoEmptyLeague = false;
  private savedClans = new Set<string>();
  private savedPlayers = new Set<string>();
  /** What the run changed, for the announcement: matches, their leagues, clans and players (with their clans). */
  private change = changeCollector();
  private changedClanIds = new Set<number>();
  /** Players (internal ids) whose rows a rewritten match dropped: their lists showed it. */
  private changedPlayerIds = new Set<number>();
  /** Clans and players whose rows a rewritten match deleted: a replay cannot read their standing off the kept figures. */
  private deletedFrom = { clanIds: new Set<number>(), playerIds: new Set<number>() };
  private summary: IngestSummary = {
    matches: 0, newMatches: 0, changedMatches: 0, unchangedMatches: 0, clans: 0, players: 0, replayedLeagues: [], replayedMatches: 0, seconds: 0,
  };

  private constructor(private readonly client: pg.PoolClient, private readonly options: IngestOptions) {}

  /** Ingests every record of `source` under the ingest lock and returns what changed. */
  static async run(pool: pg.Pool, source: Iterable<IngestRecord> | AsyncIterable<IngestRecord>, options: IngestOptions = {}): Promise<IngestSummary> {
    const started = performance.now();
    const client = await pool.connect();
    try {
      await takeIngestLock(client, options.lockWaitMs);
      const writer = new IngestWriter(client, options);
      await writer.load();
      if (writer.intoEmptyLeague) await writer.inTransaction(() => writer.readAll(source));
      else await writer.readAll(source);
      await writer.replay();
      if (writer.changedAnything()) await (options.announce ?? notifyOn(client))(await writer.describeChange());
      writer.summary.seconds = (performance.now() - started) / 1000;
      return writer.summary;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [INGEST_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }

  private changedAnything(): boolean {
    const { newMatches, changedMatches, clans, players } = this.summary;
    return newMatches + changedMatches + clans + players > 0;
  }

  /** Reads the source, saving a batch whenever enough matches have gathered, then the rest. */
  private async readAll(source: Iterable<IngestRecord> | AsyncIterable<IngestRecord>): Promise<void> {
    for await (const record of source) {
      this.accept(record);
      if (this.pendingMatches.length >= (this.options.batchSize ?? DEFAULT_BATCH_SIZE)) await this.flush();
    }
    await this.flush();
    if (this.intoEmptyLeague) await this.saveDeferred();
  }

  /** Runs `work` in one transaction. */
  private async inTransaction(work: () => Promise<void>): Promise<void> {
    await this.client.query('BEGIN');
    try {
      await work();
      await this.client.query('COMMIT');
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /**
   * The announcement: the matches written, their leagues, both clans, the players with their clans now, and the
   * leagues those clans play in (their tables show each clan's figures and ingest state).
   */
  private async describeChange() {
    // Read from the database, committed by now: a changed clan may be one no record of the run named (a player's
    // former clan, a rewritten match's former side), and so may a player whose rows a rewritten match dropped.
    const leagueSlugs = new Map([...this.leagues].map(([slug, id]) => [id, slug]));
    for (const clan of await loadClanSlugs(this.client, [...this.changedClanIds])) {
      this.change.clan(clan.slug);
      this.change.league(leagueSlugs.get(clan.leagueId) ?? '');
    }
    for (const enlistmentNo of await loadEnlistmentNos(this.client, [...this.changedPlayerIds])) this.change.player(enlistmentNo);
    return this.change.build();
  }

  /** What every run needs whatever it holds: whether the league is empty, the leagues, and each one's newest rated match. */
  private async load(): Promise<void> {
    this.intoEmptyLeague = !(await anyMatchStored(this.client));
    this.leagues = await loadLeagues(this.client);
    this.watermarks = await loadWatermarks(this.client);
  }

  /** Reads the clans and players these records name that the run has not read yet. */
  private async readNamed(records: readonly (ClanRecord | PlayerRecord)[], matches: readonly MatchToStore[]): Promise<void> {
    const slugs = new Set<string>();
    const enlistmentNos = new Set<string>();
    for (const record of records) {
      if (record.type === 'clan') slugs.add(record.slug);
      else {
        enlistmentNos.add(record.playerId);
        if (record.clanSlug !== null) slugs.add(record.clanSlug);
      }
    }
    for (const { record } of matches) {
      slugs.add(record.blueClanSlug).add(record.redClanSlug);
      for (const row of record.players) enlistmentNos.add(row.playerId);
    }
    const unreadSlugs = [...slugs].filter((slug) => !this.clans.has(slug));
    for (const [slug, clan] of await loadClans(this.client, unreadSlugs)) this.clans.set(slug, clan);
    const unreadPlayers = [...enlistmentNos].filter((enlistmentNo) => !this.players.has(enlistmentNo));
    for (const [enlistmentNo, player] of await loadPlayers(this.client, unreadPlayers)) this.players.set(enlistmentNo, player);
  }

  private leagueId(slug: string): number {
    const id = this.leagues.get(slug);
    if (id === undefined) throw new Error(`unknown league ${slug}: the leagues are seeded by migrations and the demo seed`);
    return id;
  }

  private accept(record: IngestRecord): void {
    if (record.type === 'match') this.pendingMatches.push(record);
    else this.pendingRecords.push(record);
  }

  private acceptClan(record: ClanRecord): void {
    const known = this.clans.get(record.slug);
    const at = new Date(record.at);
    // An older record than the one applied (a re-imported or older file) never moves a clan back.
    if (known?.recordedAt && at < known.recordedAt) return;
    const unchanged = known && known.name === record.name && known.leagueId === this.leagueId(record.league) &&
      known.markBg === (record.markBg ?? null) && known.markFront === (record.markFront ?? null);
    if (unchanged) return;
    const entry: ClanEntry = {
      id: known?.id,
      slug: record.slug,
      name: record.name,
      leagueId: this.leagueId(record.league),
      markBg: record.markBg ?? null,
      markFront: record.markFront ?? null,
      recordedAt: at,
    };
    this.clans.set(record.slug, entry);
    this.pendingClans.set(record.slug, entry);
  }

  /** A clan a match or player names without a clan record of its own: created with its slug as name. */
  private clanFor(slug: string, leagueSlug: string): ClanEntry {
    const known = this.clans.get(slug);
    if (known) return known;
    const entry: ClanEntry = { slug, name: slug, leagueId: this.leagueId(leagueSlug), markBg: null, markFront: null, recordedAt: null };
    this.clans.set(slug, entry);
    this.pendingClans.set(slug, entry);
    return entry;
  }

  private acceptPlayer(record: PlayerRecord): void {
    const at = new Date(record.at);
    let player = this.players.get(record.playerId);
    if (!player) {
      player = { enlistmentNo: record.playerId, nickname: record.nickname, clanId: null, clanJoinedAt: null, lastSeenAt: null, dirty: true };
      this.players.set(record.playerId, player);
    }
    // A nickname seen in a later match is newer news than this record's.
    if (player.nickname !== record.nickname && (!player.lastSeenAt || at >= player.lastSeenAt)) {
      // Every page that lists the player by name (rankings of any league, other clans' pages) shows the old one.
      if (player.id !== undefined) this.change.everything();
      player.nickname = record.nickname;
      player.dirty = true;
    }
    this.pendingMemberships.push({ player, toSlug: record.clanSlug, at });
  }

  /** Resolves membership records in order, now that every clan has an id. */
  private resolveMemberships(): MembershipChange[] {
    const changes = this.firstSeenJoins;
    for (const pending of this.pendingMemberships) {
      const player = pending.player;
      const toClanId = pending.toSlug === null ? null : this.clans.get(pending.toSlug)?.id ?? null;
      if (player.clanId === toClanId) continue;
      if (player.clanJoinedAt && pending.at < player.clanJoinedAt) continue; // older news than what we know
      changes.push({ player, action: membershipAction(player.clanId, toClanId), fromClanId: player.clanId, toClanId, at: pending.at });
      player.clanId = toClanId;
      player.clanJoinedAt = pending.at;
      player.dirty = true;
    }
    this.pendingMemberships = [];
    this.firstSeenJoins = [];
    return changes;
  }

  /** Players seen in match rows: unknown ones are created in the side's clan; nicknames follow the newest match. */
  private notePlayersOf(match: MatchToStore): void {
    const sideClan = { blue: match.blueClanId, red: match.redClanId };
    for (const row of match.record.players) {
      let player = this.players.get(row.playerId);
      if (!player) {
        player = { enlistmentNo: row.playerId, nickname: row.nickname, clanId: sideClan[row.side], clanJoinedAt: match.startedAt, lastSeenAt: null, dirty: true };
        this.players.set(row.playerId, player);
        this.firstSeenJoins.push({ player, action: 'join', fromClanId: null, toClanId: player.clanId, at: match.startedAt });
      }
      this.change.player(row.playerId);
      if (!player.lastSeenAt || match.startedAt > player.lastSeenAt) {
        if (player.id !== undefined && player.nickname !== row.nickname) this.change.everything();
        player.lastSeenAt = match.startedAt;
        player.nickname = row.nickname;
        player.dirty = true;
      }
    }
  }

  private rater(leagueId: number): LeagueRater {
    let rater = this.raters.get(leagueId);
    if (!rater) {
      rater = new LeagueRater(leagueId);
      this.raters.set(leagueId, rater);
    }
    return rater;
  }

  /**
   * Gives the raters the stored figures of the clans and players these matches may rate, read once a run. Into an
   * empty league there are none to read: the raters start every figure from scratch.
   */
  private async readFigures(matches: readonly MatchToStore[]): Promise<void> {
    if (this.intoEmptyLeague) return;
    const unread = new Map<number, { clanIds: number[]; playerIds: number[] }>();
    for (const match of matches) {
      if (match.record.status !== 'complete' || match.record.winner === null) continue;
      let read = this.figuresRead.get(match.leagueId);
      if (!read) this.figuresRead.set(match.leagueId, (read = { clanIds: new Set(), playerIds: new Set() }));
      let owners = unread.get(match.leagueId);
      if (!owners) unread.set(match.leagueId, (owners = { clanIds: [], playerIds: [] }));
      for (const clanId of [match.blueClanId, match.redClanId]) {
        if (!read.clanIds.has(clanId)) owners.clanIds.push(clanId);
        read.clanIds.add(clanId);
      }
      for (const playerId of match.playerIds) {
        if (!read.playerIds.has(playerId)) owners.playerIds.push(playerId);
        read.playerIds.add(playerId);
      }
    }
    for (const [leagueId, owners] of unread) await loadRaterFigures(this.client, this.rater(leagueId), owners);
  }

  private markReplay(leagueId: number, from: Date): void {
    const current = this.replayFrom.get(leagueId);
    if (!current || from < current) this.replayFrom.set(leagueId, from);
  }

  /** Saves everything gathered since the last flush: in a transaction of its own, unless the run is one. */
  private async flush(): Promise<void> {
    if (this.intoEmptyLeague) await this.saveBatch();
    else await this.inTransaction(() => this.saveBatch());
    this.options.onProgress?.(this.summary.matches);
  }

  private async saveBatch(): Promise<void> {
    const records = this.pendingMatches;
    this.pendingMatches = [];
    const stored = await findStoredMatches(this.client, records.map((record) => record.matchId));
    const toStore: MatchToStore[] = [];
    /** The batch's matches by id: a match sent twice in one batch is stored once, as its last record says. */
    const inBatch = new Map<string, MatchToStore>();
    const rewritten: number[] = [];
    for (const record of records) {
      this.summary.matches += 1;
      const contentHash = fingerprint(record);
      const earlier = inBatch.get(record.matchId);
      if (earlier) {
        if (earlier.contentHash === contentHash) this.summary.unchangedMatches += 1;
        else {
          this.summary.changedMatches += 1;
          Object.assign(earlier, { record, contentHash, leagueId: this.leagueId(record.league), startedAt: new Date(record.startedAt) });
        }
        continue;
      }
      const existing = stored.get(record.matchId);
      if (existing?.contentHash === contentHash) {
        this.summary.unchangedMatches += 1;
        continue;
      }
      const leagueId = this.leagueId(record.league);
      const match: MatchToStore = {
        record, contentHash, leagueId, startedAt: new Date(record.startedAt),
        blueClanId: -1, redClanId: -1, playerIds: [], id: existing?.id,
      };
      if (existing) {
        this.summary.changedMatches += 1;
        rewritten.push(existing.id);
        // A changed finished match, or one moved to another league, changes every rating after it.
        if (existing.status === 'complete') {
          this.markReplay(existing.leagueId, existing.startedAt);
          if (this.intoEmptyLeague) this.replayWhole.add(existing.leagueId);
        }
      } else {
        this.summary.newMatches += 1;
      }
      toStore.push(match);
      inBatch.set(record.matchId, match);
    }
    // The batch's clan and player records apply first, in arrival order, as they stood before its matches.
    await this.readNamed(this.pendingRecords, toStore);
    for (const record of this.pendingRecords) {
      if (record.type === 'clan') this.acceptClan(record);
      else this.acceptPlayer(record);
    }
    this.pendingRecords = [];
    // Clans first (matches refer to them), then players and memberships, then matches in time order.
    for (const match of toStore) {
      this.clanFor(match.record.blueClanSlug, match.record.league);
      this.clanFor(match.record.redClanSlug, match.record.league);
    }
    // A new, renamed, re-marked or moved clan shows on pages of every league (names, marks, directories).
    if (this.pendingClans.size > 0) this.change.everything();
    await saveClans(this.client, [...this.pendingClans.values()]);
    for (const slug of this.pendingClans.keys()) this.savedClans.add(slug);
    this.summary.clans = this.savedClans.size;
    this.pendingClans.clear();
    for (const match of toStore) {
      match.blueClanId = this.clans.get(match.record.blueClanSlug)!.id!;
      match.redClanId = this.clans.get(match.record.redClanSlug)!.id!;
      this.notePlayersOf(match);
      this.touchedClans.add(match.blueClanId).add(match.redClanId);
      this.change.match(match.record.matchId);
      this.change.league(match.record.league);
      if (match.id !== undefined) this.change.league(slugOf(this.leagues, stored.get(match.record.matchId)!.leagueId));
    }
    const memberships = this.resolveMemberships();
    for (const membership of memberships) {
      // A known player's move shows wherever the player is listed with a clan (rankings of every league).
      if (membership.player.id !== undefined) this.change.everything();
      for (const clanId of [membership.fromClanId, membership.toClanId]) if (clanId !== null) this.changedClanIds.add(clanId);
    }
    // Into an empty league, a player is written when first seen (the rows need the id) and again only at the end.
    await this.savePlayers((player) => player.dirty && (!this.intoEmptyLeague || player.id === undefined));
    await saveMembershipChanges(this.client, memberships);

    toStore.sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.record.matchId.localeCompare(b.record.matchId));
    for (const match of toStore) match.playerIds = match.record.players.map((row) => this.players.get(row.playerId)!.id!);
    await this.readFigures(toStore);
    for (const match of toStore) {
      this.changedClanIds.add(match.blueClanId).add(match.redClanId);
      for (const row of match.record.players) {
        const clanId = this.players.get(row.playerId)!.clanId;
        if (clanId !== null) this.changedClanIds.add(clanId);
      }
      await this.rateInOrder(match);
    }
    const previousListings = await deleteMatchRows(this.client, rewritten);
    const dropped = previousOwners(previousListings);
    for (const clanId of dropped.clanIds) {
      this.changedClanIds.add(clanId);
      this.deletedFrom.clanIds.add(clanId);
    }
    for (const playerId of dropped.playerIds) {
      this.changedPlayerIds.add(playerId);
      this.deletedFrom.playerIds.add(playerId);
    }
    await saveMatches(this.client, toStore);
    await saveMatchRows(this.client, toStore, previousListings);
    if (this.intoEmptyLeague) return;
    for (const rater of this.raters.values()) {
      await saveRecords(this.client, rater);
      await saveOpponentRecords(this.client, rater, 'add');
      rater.clearChanges();
    }
    await saveIngestStates(this.client, this.touchedClans, false);
    this.touchedClans.clear();
    // The matches written again show new details; a rename is checked when a kept detail is read.
    const clanNow = (enlistmentNo: string) => this.players.get(enlistmentNo)?.clanId ?? null;
    await this.dropKeptPages({
      everything: this.change.touchesEverything(), ...listedOwners(toStore, dropped, clanNow), matchIds: rewritten,
    });
  }

  /** Deletes the kept match list pages the transaction touched: its last statements before COMMIT. */
  private async dropKeptPages(touched: KeptPagesTouched): Promise<void> {
    await dropKeptPages((sql, params) => this.client.query(sql, params), touched);
  }

  /** Saves the players `which` picks (creating the new ones, which gives them ids). */
  private async savePlayers(which: (player: PlayerEntry) => boolean): Promise<void> {
    const players = [...this.players.values()].filter(which);
    await savePlayers(this.client, players);
    for (const player of players) this.savedPlayers.add(player.enlistmentNo);
    this.summary.players = this.savedPlayers.size;
  }

  /**
   * The end of a load into an empty league: the players' latest details, every figure the raters hold (they saw
   * every match: complete figures, written with COPY) and the clans' ingest states.
   */
  private async saveDeferred(): Promise<void> {
    await this.savePlayers((player) => player.dirty);
    for (const rater of this.raters.values()) await copyLeagueFigures(this.client, rater);
    await saveIngestStates(this.client, this.touchedClans, false);
    this.touchedClans.clear();
    // The load touched every page there is.
    await this.dropKeptPages(EVERY_KEPT_PAGE);
  }

  /** Rates a finished match now when it is the newest of its league; otherwise leaves it to the replay. */
  private async rateInOrder(match: MatchToStore): Promise<void> {
    const { record } = match;
    if (record.status !== 'complete' || record.winner === null) return;
    if (this.replayFrom.has(match.leagueId)) {
      this.markReplay(match.leagueId, match.startedAt);
      return;
    }
    const watermark = this.watermarks.get(match.leagueId);
    if (watermark && match.startedAt < watermark) {
      this.markReplay(match.leagueId, match.startedAt);
      return;
    }
    const rater = this.rater(match.leagueId);
    match.rated = rater.rate({
      startedAt: match.startedAt,
      blueClanId: match.blueClanId,
      redClanId: match.redClanId,
      winner: record.winner,
      players: record.players.map((row, index) => ({ ...row, playerId: match.playerIds[index]! })),
    });
    this.watermarks.set(match.leagueId, match.startedAt);
  }

  /** Replays every league that received a match out of time order, each in its own transaction. */
  private async replay(): Promise<void> {
    const slugById = new Map([...this.leagues].map(([slug, id]) => [id, slug]));
    for (const [leagueId, from] of this.replayFrom) {
      await this.client.query('BEGIN');
      try {
        this.summary.replayedMatches += this.replayWhole.has(leagueId)
          ? await replayLeague(this.client, leagueId)
          : await replayLeagueFrom(this.client, leagueId, from, {
            clanIds: [...this.deletedFrom.clanIds], playerIds: [...this.deletedFrom.playerIds],
          });
        // Every rating after the late match moved: pages across the league and beyond (opponents' lists).
        this.change.everything();
        await this.dropKeptPages({ ...EVERY_KEPT_PAGE, replayed: { leagueId, from: this.replayWhole.has(leagueId) ? null : from } });
        await this.client.query('COMMIT');
      } catch (error) {
        await this.client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      this.raters.delete(leagueId);
      this.figuresRead.delete(leagueId);
      this.summary.replayedLeagues.push(slugById.get(leagueId) ?? String(leagueId));
    }
  }
}

/**
 * The clans and players whose kept answers show these matches, or showed the rows a rewritten match dropped: its
 * two clans, its players, and each player's clan now (whose members list shows the player's figures).
 */
function listedOwners(
  matches: readonly MatchToStore[],
  dropped: { clanIds: number[]; playerIds: number[] },
  clanNow: (enlistmentNo: string) => number | null,
) {
  const clanIds = new Set(dropped.clanIds);
  const playerIds = new Set(dropped.playerIds);
  for (const match of matches) {
    clanIds.add(match.blueClanId).add(match.redClanId);
    for (const playerId of match.playerIds) playerIds.add(playerId);
    for (const row of match.record.players) {
      const clanId = clanNow(row.playerId);
      if (clanId !== null) clanIds.add(clanId);
    }
  }
  return { clanIds, playerIds };
}

/** A league's slug by id (the writer keeps them by slug). */
function slugOf(leagues: Map<string, number>, id: number): string {
  for (const [slug, leagueId] of leagues) if (leagueId === id) return slug;
  return String(id);
}
