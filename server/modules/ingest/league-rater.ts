import { applyMatch, type RatingTable } from '../rating/elo.js';
import { resultForSide, type MatchResult, type Side, type Winner } from '../rating/match-result.js';
import { pickMvp } from '../rating/mvp.js';
import {
  addOpponentResult, addResult, emptyOpponentRecord, emptyPlayerRecord, emptyRecord,
  type OpponentAggregate, type PlayerAggregate, type RecordAggregate,
} from '../rating/record-aggregate.js';

/** A finished match as the rater reads it; ids are the database's internal ids. */
export interface RatableMatchInput {
  startedAt: Date;
  blueClanId: number;
  redClanId: number;
  winner: Winner;
  players: readonly RatablePlayerRow[];
}

export interface RatablePlayerRow {
  playerId: number;
  side: Side;
  dropout: boolean;
  kill: number;
  death: number;
  assist: number;
  headshot: number;
  damagePercent: number;
  headshotPercent: number;
}

export interface RatedRow {
  result: MatchResult;
  ratingBefore: number;
  ratingAfter: number;
}

/** What rating one match produced, to store on its rows. */
export interface RatedMatch {
  mvpPlayerId: number | null;
  blue: RatedRow;
  red: RatedRow;
  players: Map<number, RatedRow & { isMvp: boolean }>;
}

/** Key of an opponent aggregate: "<own id>:<opponent clan id>". */
const opponentKey = (ownId: number, opponentClanId: number) => `${ownId}:${opponentClanId}`;

/**
 * The running figures of one league while matches are applied in time order: Elo for clans and players,
 * record, streak, last 20, peak and lowest, combat totals and records against each opponent clan.
 * It remembers which entries changed so the writer saves only those.
 */
export class LeagueRater {
  readonly clans = new Map<number, RecordAggregate>();
  readonly players = new Map<number, PlayerAggregate>();
  /** Records against opponent clans: complete in a replay, only this run's additions in incremental ingest. */
  readonly clanOpponents = new Map<string, OpponentAggregate>();
  readonly playerOpponents = new Map<string, OpponentAggregate>();
  readonly dirtyClans = new Set<number>();
  readonly dirtyPlayers = new Set<number>();

  constructor(readonly leagueId: number) {}

  /** Applies one finished match and returns the values its rows keep (results, ratings before/after, MVP). */
  rate(match: RatableMatchInput): RatedMatch {
    const clanTable: RatingTable = new Map();
    const playerTable: RatingTable = new Map();
    const blue = this.clanRecord(match.blueClanId);
    const red = this.clanRecord(match.redClanId);
    clanTable.set('blue', { rating: blue.rating, matches: blue.matches });
    clanTable.set('red', { rating: red.rating, matches: red.matches });
    for (const row of match.players) {
      // A dropout is unrated: it reads the player's standing if there is one but never creates it, so a player
      // seen only as a dropout has no figures in the league, in incremental ingest and in a replay alike.
      const record = row.dropout ? this.players.get(row.playerId) : this.playerRecord(row.playerId);
      if (record) playerTable.set(String(row.playerId), { rating: record.rating, matches: record.matches });
    }
    const changes = applyMatch(clanTable, playerTable, {
      blueClanSlug: 'blue',
      redClanSlug: 'red',
      winner: match.winner,
      players: match.players.map((row) => ({ playerId: String(row.playerId), side: row.side, dropout: row.dropout })),
    });

    const mvp = pickMvp(
      match.players.map((row) => ({ ...row, playerId: String(row.playerId) })),
      match.winner,
    );
    const mvpPlayerId = mvp === null ? null : Number(mvp);
    const rated: RatedMatch = {
      mvpPlayerId,
      blue: this.applyClan(match, 'blue', changes.clans.get('blue')!),
      red: this.applyClan(match, 'red', changes.clans.get('red')!),
      players: new Map(),
    };
    for (const row of match.players) {
      const change = changes.players.get(String(row.playerId))!;
      const result = resultForSide(match.winner, row.side);
      const isMvp = row.playerId === mvpPlayerId;
      rated.players.set(row.playerId, { result, ratingBefore: change.before, ratingAfter: change.after, isMvp });
      if (!row.dropout) this.applyPlayer(match, row, result, change.after, isMvp);
    }
    return rated;
  }

  private applyClan(match: RatableMatchInput, side: Side, change: { before: number; after: number }): RatedRow {
    const clanId = side === 'blue' ? match.blueClanId : match.redClanId;
    const opponentId = side === 'blue' ? match.redClanId : match.blueClanId;
    const result = resultForSide(match.winner, side);
    addResult(this.clanRecord(clanId), result, change.after, match.startedAt);
    this.dirtyClans.add(clanId);
    addOpponentResult(this.opponentRecord(this.clanOpponents, clanId, opponentId), result, match.startedAt);
    return { result, ratingBefore: change.before, ratingAfter: change.after };
  }

  private applyPlayer(match: RatableMatchInput, row: RatablePlayerRow, result: MatchResult, ratingAfter: number, isMvp: boolean): void {
    const record = this.playerRecord(row.playerId);
    addResult(record, result, ratingAfter, match.startedAt);
    record.kills += row.kill;
    record.deaths += row.death;
    record.assists += row.assist;
    record.headshots += row.headshot;
    if (isMvp) record.mvpCount += 1;
    this.dirtyPlayers.add(row.playerId);
    const opponentClanId = row.side === 'blue' ? match.redClanId : match.blueClanId;
    addOpponentResult(this.opponentRecord(this.playerOpponents, row.playerId, opponentClanId), result, match.startedAt);
  }

  private clanRecord(clanId: number): RecordAggregate {
    let record = this.clans.get(clanId);
    if (!record) this.clans.set(clanId, (record = emptyRecord()));
    return record;
  }

  private playerRecord(playerId: number): PlayerAggregate {
    let record = this.players.get(playerId);
    if (!record) this.players.set(playerId, (record = emptyPlayerRecord()));
    return record;
  }

  private opponentRecord(table: Map<string, OpponentAggregate>, ownId: number, opponentClanId: number): OpponentAggregate {
    const key = opponentKey(ownId, opponentClanId);
    let record = table.get(key);
    if (!record) table.set(key, (record = emptyOpponentRecord()));
    return record;
  }

  /** Forgets what was saved: the changed sets and this run's opponent additions. */
  clearChanges(): void {
    this.dirtyClans.clear();
    this.dirtyPlayers.clear();
    this.clanOpponents.clear();
    this.playerOpponents.clear();
  }
}

/** Splits an opponent key back into its two ids. */
export function parseOpponentKey(key: string): [number, number] {
  const [own, opponent] = key.split(':');
  return [Number(own), Number(opponent)];
}
