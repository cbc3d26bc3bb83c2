import type pg from 'pg';
import { LeagueRater } from '../league-rater.js';
import { DEFAULT_RATING } from '../../rating/elo.js';
import { RECENT_RESULTS_KEPT, type OpponentAggregate, type RecordAggregate } from '../../rating/record-aggregate.js';

/**
 * The figures a league's clans and players had just before a moment, worked out from what is kept now minus what
 * the rated rows at and after the moment added, so a late match costs what comes after it, not the whole history
 * of everyone it touches. The kept tallies (matches, wins, kills, MVPs, records against opponents) always equal
 * the sum over the stored rated rows (a changed match's deleted rows take their share out: takeOutRatedRows), so
 * what they held before the moment is a subtraction. The rest is read off the kept figures and the rows from the
 * moment on: the rating then is the first later row's rating before, the last 20 results then are the kept ones
 * after the later rows' letters (the replay puts as many back in front), and a streak that runs through the later
 * rows is the kept one less them. Where the kept figures cannot say (an owner a changed match took rows from, whose
 * kept streak, last 20 and rating still count them; 20 or more later rows; kept figures that disagree with the
 * rows), they are read from the owner's newest 20 rows before the moment through their list index. Peak and lowest
 * hold as kept when first reached before the moment; an owner who reached its kept one later starts the replay
 * without one, and its rows before the moment are read only when the replayed rows no longer reach the kept one.
 */

/** Where one kind of owner's rows and figures live: clans or players. */
interface OwnerSource {
  /** The owner's rows, aliased `r`. */
  rows: string;
  /** What joins a row to its opponent clan (`opponent`), for the records against opponents. */
  opponentJoin: string;
  opponent: string;
  owner: string;
  /** The rows counted into figures: rated, and for players not a dropout (a dropout is unrated). */
  rated: string;
  /** The rows a replay counts into figures, of the finished matches it rates. */
  counted: string;
  stats: string;
  opponentStats: string;
  /** Additive figures beyond the tally: kept column, the row expression summed into it, the rater's name for it. */
  sums: [column: string, expression: string, field: string][];
}

const CLANS: OwnerSource = {
  rows: 'clan_matches r', opponentJoin: '', opponent: 'r.opponent_clan_id', owner: 'clan_id', rated: 'r.result IS NOT NULL', counted: 'true',
  stats: 'clan_stats', opponentStats: 'clan_opponent_stats', sums: [],
};
const PLAYERS: OwnerSource = {
  rows: 'match_players r', opponentJoin: 'JOIN clan_matches o ON o.match_id = r.match_id AND o.clan_id = r.clan_id',
  opponent: 'o.opponent_clan_id', owner: 'player_id',
  rated: 'r.result IS NOT NULL AND NOT r.dropout', counted: 'NOT r.dropout', stats: 'player_stats', opponentStats: 'player_opponent_stats',
  sums: [
    ['kills', 'r.kill', 'kills'], ['deaths', 'r.death', 'deaths'], ['assists', 'r.assist', 'assists'],
    ['headshots', 'r.headshot', 'headshots'], ['mvp_count', 'r.is_mvp::int', 'mvpCount'],
  ],
};

const TALLIES: [column: string, condition: string][] = [
  ['matches', 'true'], ['wins', `r.result = 'win'`], ['losses', `r.result = 'lose'`], ['draws', `r.result = 'draw'`],
];
const TALLY_COLUMNS = TALLIES.map(([column]) => column);

/** The tallies and sums of the owner's rated rows among `r`. */
function tallyOf(source: OwnerSource, withSums: boolean): string {
  return [
    ...TALLIES.map(([column, condition]) => `count(*) FILTER (WHERE ${source.rated} AND ${condition})::int AS ${column}`),
    ...(withSums ? source.sums.map(([column, expression]) => `coalesce(sum(${expression}) FILTER (WHERE ${source.rated}), 0)::int AS ${column}`) : []),
  ].join(', ');
}

/** A rated row's result as the last-20 letters spell it. */
const LETTER = `CASE r.result WHEN 'win' THEN 'W' WHEN 'lose' THEN 'L' ELSE 'D' END`;

/** The rows of the matches from the moment on, found through `matches` (indexed by league and time), then by match id. */
const LATER_ROWS = 'r.match_id IN (SELECT id FROM matches WHERE league_id = $1 AND started_at >= $2)';
const BEFORE = 'r.league_id = $1 AND r.started_at < $2';
const NEWEST_FIRST = 'r.started_at DESC, r.match_id DESC';

type Row = Record<string, unknown> & { owner: number };
const count = (row: Row, column: string) => Number(row[column] ?? 0);

/** What the rows at and after the moment added, taken from what is kept: the owner's figures before the moment. */
function before(row: Row, columns: string[]): Record<string, number> {
  const figures: Record<string, number> = {};
  for (const column of columns) figures[column] = count(row, `kept_${column}`) - count(row, `later_${column}`);
  return figures;
}

const RESULT_LETTER: Record<string, string> = { win: 'W', lose: 'L', draw: 'D' };

/** The streak the newest results (letters) end with (a draw ends any), and whether older results could make it longer. */
function streakOf(letters: string): { streak: number; open: boolean } {
  const newest = letters[0];
  let run = 0;
  while (run < letters.length && letters[run] === newest) run += 1;
  return { streak: newest === 'W' ? run : newest === 'L' ? -run : 0, open: newest !== 'D' && run === letters.length };
}

function disagree(source: OwnerSource, owner: number): Error {
  return new Error(`kept figures of ${source.owner} ${owner} disagree with its rated rows: rebuild the ratings`);
}

/** The kept figures of the owners and pairs a replay reads, as the rater holds them, to write only what changes. */
export interface KeptFigures {
  clans: Map<number, RecordAggregate>;
  players: Map<number, RecordAggregate>;
  clanOpponents: Map<string, OpponentAggregate>;
  playerOpponents: Map<string, OpponentAggregate>;
}

/** What a replay from a moment starts from, what is kept now, and which owners and pairs it may change. */
export interface StateAsOf {
  rater: LeagueRater;
  kept: KeptFigures;
  touched: { clanIds: number[]; playerIds: number[]; clanOpponents: string[]; playerOpponents: string[] };
  /** The owners whose kept peak or lowest was first reached from the moment on: the replay starts them without one. */
  extremesLater: { clans: ExtremesLater; players: ExtremesLater };
}

/** Owners whose peak, and whose lowest, as they stood before the moment only the rows before it can tell. */
interface ExtremesLater {
  peak: number[];
  lowest: number[];
}

/**
 * The clans and players whose rated rows a changed match deleted since the kept figures were last set right: their
 * kept tallies no longer count those rows, but their kept streak, last 20, rating and last match still do.
 */
export interface OwnersOfDeletedRows {
  clanIds: number[];
  playerIds: number[];
}

/**
 * The owners whose figures a replay from the moment may change (a row at or after it as stored now, or a row a
 * changed match deleted: it may no longer name them), with their kept figures and what their rated rows from the
 * moment on added: tallies, letters (newest first), the rating before the first of them and after the last.
 */
async function readOwners(client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, deletedFrom: number[]): Promise<Row[]> {
  const additive = [...TALLY_COLUMNS, ...source.sums.map(([column]) => column)];
  const rated = `FILTER (WHERE ${source.rated})`;
  const result = await client.query<Row>(`
    WITH later AS (
      SELECT r.${source.owner} AS owner, ${tallyOf(source, true)},
        string_agg(${LETTER}, '' ORDER BY ${NEWEST_FIRST}) ${rated} AS letters,
        (array_agg(r.rating_before ORDER BY r.started_at, r.match_id) ${rated})[1] AS rating_before,
        (array_agg(r.rating_after ORDER BY ${NEWEST_FIRST}) ${rated})[1] AS rating_after,
        max(r.started_at) ${rated} AS last_at
      FROM ${source.rows} WHERE ${LATER_ROWS} GROUP BY 1
    ),
    touched AS (SELECT owner FROM later UNION SELECT unnest($3::int[]))
    SELECT t.owner, ${additive.map((column) => `kept.${column} AS kept_${column}, later.${column} AS later_${column}`).join(', ')},
      kept.rating, kept.streak, kept.recent_results, kept.peak_rating, kept.peak_at, kept.lowest_rating, kept.lowest_at,
      kept.last_match_at, later.letters AS later_letters, later.rating_before AS later_rating_before,
      later.rating_after AS later_rating_after, later.last_at AS later_last_at
    FROM touched t
    LEFT JOIN ${source.stats} kept ON kept.${source.owner} = t.owner AND kept.league_id = $1
    LEFT JOIN later ON later.owner = t.owner`, [leagueId, moment, deletedFrom]);
  return result.rows;
}

/** Per owner, their newest 20 rated rows before the moment through the list index: results and ratings, newest first. */
async function newestRowsBefore(client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, owners: number[]) {
  const newest = new Map<number, { results: string[] | null; ratings: number[] | null; last_at: Date | null }>();
  if (owners.length === 0) return newest;
  const result = await client.query<{ owner: number; results: string[] | null; ratings: number[] | null; last_at: Date | null }>(`
    SELECT t.owner, newest.results, newest.ratings, newest.last_at FROM unnest($3::int[]) AS t(owner)
    CROSS JOIN LATERAL (
      SELECT array_agg(n.result::text ORDER BY n.started_at DESC, n.match_id DESC) AS results,
        array_agg(n.rating_after ORDER BY n.started_at DESC, n.match_id DESC) AS ratings, max(n.started_at) AS last_at
      FROM (
        SELECT r.result, r.rating_after, r.started_at, r.match_id FROM ${source.rows}
        WHERE r.${source.owner} = t.owner AND ${BEFORE} AND ${source.rated} ORDER BY ${NEWEST_FIRST} LIMIT ${RECENT_RESULTS_KEPT}
      ) n
    ) newest`, [leagueId, moment, owners]);
  for (const row of result.rows) newest.set(row.owner, row);
  return newest;
}

/**
 * Per (owner, opponent clan) pair a replay from the moment may change (a row at or after it, or a kept last match
 * at or after it of an owner a changed match took rows from), the kept record, the tallies of the rated rows from
 * the moment on, how many rows from the moment on the replay rates (`replayed`), and the newest rated match against
 * that opponent before the moment when it is needed: when the kept one is not before the moment, they met before
 * it, and no replayed row will set it anew.
 */
async function readPairs(client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, deletedFrom: number[]): Promise<(Row & { opponent: number })[]> {
  const result = await client.query<Row & { opponent: number }>(`
    WITH later AS (
      SELECT r.${source.owner} AS owner, ${source.opponent} AS opponent, ${tallyOf(source, false)},
        count(*) FILTER (WHERE m.status = 'complete' AND m.winner IS NOT NULL AND ${source.counted})::int AS replayed
      FROM matches m JOIN ${source.rows} ON r.match_id = m.id ${source.opponentJoin}
      WHERE m.league_id = $1 AND m.started_at >= $2 GROUP BY 1, 2
    ),
    pairs AS (
      SELECT owner, opponent FROM later
      UNION SELECT kept.${source.owner}, kept.opponent_clan_id FROM unnest($3::int[]) AS t(owner)
      JOIN ${source.opponentStats} kept ON kept.${source.owner} = t.owner AND kept.league_id = $1 WHERE kept.last_match_at >= $2
    )
    SELECT p.owner, p.opponent, ${TALLY_COLUMNS.map((column) => `kept.${column} AS kept_${column}, later.${column} AS later_${column}`).join(', ')},
      later.replayed, kept.last_match_at, last.started_at AS last_before
    FROM pairs p
    LEFT JOIN ${source.opponentStats} kept ON kept.${source.owner} = p.owner AND kept.league_id = $1 AND kept.opponent_clan_id = p.opponent
    LEFT JOIN later ON later.owner = p.owner AND later.opponent = p.opponent
    LEFT JOIN LATERAL (
      SELECT r.started_at FROM ${source.rows} ${source.opponentJoin}
      WHERE kept.last_match_at >= $2 AND kept.matches > coalesce(later.matches, 0) AND coalesce(later.replayed, 0) = 0
        AND r.${source.owner} = p.owner AND ${source.opponent} = p.opponent AND ${BEFORE} AND ${source.rated}
      ORDER BY ${NEWEST_FIRST} LIMIT 1
    ) last ON true`, [leagueId, moment, deletedFrom]);
  return result.rows;
}

/** Per owner, the peak and lowest of their ratings after each rated row before the moment, each when first reached. */
async function peakAndLowest(client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, owners: number[]) {
  const extremes = new Map<number, { peak_rating: number; peak_at: Date; lowest_rating: number; lowest_at: Date }>();
  if (owners.length === 0) return extremes;
  const result = await client.query<{ owner: number; peak_rating: number; peak_at: Date; lowest_rating: number; lowest_at: Date }>(`
    SELECT r.${source.owner} AS owner, max(r.rating_after) AS peak_rating, min(r.rating_after) AS lowest_rating,
      (array_agg(r.started_at ORDER BY r.rating_after DESC, r.started_at, r.match_id))[1] AS peak_at,
      (array_agg(r.started_at ORDER BY r.rating_after, r.started_at, r.match_id))[1] AS lowest_at
    FROM ${source.rows} WHERE r.${source.owner} = ANY($3::int[]) AND ${BEFORE} AND ${source.rated} GROUP BY 1`, [leagueId, moment, owners]);
  for (const row of result.rows) extremes.set(row.owner, row);
  return extremes;
}

/** Per owner, every rated result before the moment, newest first (for the rare streak longer than the last 20). */
async function allResults(client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, owners: number[]) {
  const results = new Map<number, string[]>();
  if (owners.length === 0) return results;
  const result = await client.query<{ owner: number; results: string[] }>(`
    SELECT r.${source.owner} AS owner, array_agg(r.result::text ORDER BY ${NEWEST_FIRST}) AS results FROM ${source.rows}
    WHERE r.${source.owner} = ANY($3::int[]) AND ${BEFORE} AND ${source.rated} GROUP BY 1`, [leagueId, moment, owners]);
  for (const row of result.rows) results.set(row.owner, row.results);
  return results;
}

/** Where an owner stood just before the moment, apart from its tallies, peak and lowest. */
interface Standing {
  rating: number;
  /** Its newest results before the moment, newest first: the last 20, or the newest of them the replay completes. */
  letters: string;
  /** Null when only the owner's whole history before the moment can tell (a run reaching past what is known). */
  streak: number | null;
  /** Null when the owner's replayed rows set it anew. */
  lastMatchAt: Date | null;
}

/** The streak the known newest results end with, null when older results could make it longer. */
function streakBefore(letters: string, matchesBefore: number): number | null {
  const { streak, open } = streakOf(letters);
  return open && letters.length < matchesBefore ? null : streak;
}

/**
 * An owner's standing just before the moment read off its kept figures and its rated rows from the moment on, or
 * null when the kept figures cannot say: they disagree with those rows (the kept rating, last match and the front
 * of the last 20 must be the later rows'), or the later rows fill the whole last 20. The replay rates every later
 * row again and puts its letter back in front of the letters returned, so the last 20 it ends with is whole.
 */
function standingFromKept(row: Row, matchesBefore: number, moment: Date): Standing | null {
  const later = count(row, 'later_matches');
  const kept = (row.recent_results as string | null) ?? '';
  const keptLast = row.last_match_at as Date | null;
  if (kept.length !== Math.min(RECENT_RESULTS_KEPT, count(row, 'kept_matches')) || keptLast === null) return null;
  if (later === 0) {
    if (keptLast >= moment) return null;
    return { rating: row.rating as number, letters: kept, streak: row.streak as number, lastMatchAt: keptLast };
  }
  const laterLetters = row.later_letters as string;
  const agrees = later < kept.length && kept.startsWith(laterLetters) && row.rating === row.later_rating_after &&
    keptLast.getTime() === (row.later_last_at as Date).getTime();
  if (!agrees) return null;
  const letters = kept.slice(later);
  let streak = streakBefore(letters, matchesBefore);
  // A run through every known letter: when the later rows continue it, the kept streak counts it whole.
  const keptStreak = row.streak as number;
  if (streak === null && laterLetters === letters[0]!.repeat(later) && Math.abs(keptStreak) - later >= letters.length) {
    streak = Math.sign(keptStreak) * (Math.abs(keptStreak) - later);
  }
  return { rating: row.later_rating_before as number, letters, streak, lastMatchAt: null };
}

/** An owner's standing just before the moment from its newest 20 rated rows before it. */
function standingFromRows(source: OwnerSource, owner: number, newest: { results: string[] | null; ratings: number[] | null; last_at: Date | null } | undefined, matchesBefore: number): Standing {
  const results = newest?.results ?? [];
  if (results.length === 0) throw disagree(source, owner);
  const letters = results.map((result) => RESULT_LETTER[result]).join('');
  return { rating: newest!.ratings![0]!, letters, streak: streakBefore(letters, matchesBefore), lastMatchAt: newest!.last_at };
}

/** A kept figures row (columns `kept_*` for the additive ones) as the rater holds a record. */
function keptRecord(source: OwnerSource, row: Row): RecordAggregate {
  const record: Record<string, unknown> = {
    rating: row.rating, matches: count(row, 'kept_matches'), wins: count(row, 'kept_wins'), losses: count(row, 'kept_losses'),
    draws: count(row, 'kept_draws'), streak: row.streak, recentResults: row.recent_results, peakRating: row.peak_rating,
    peakAt: row.peak_at, lowestRating: row.lowest_rating, lowestAt: row.lowest_at, lastMatchAt: row.last_match_at,
  };
  for (const [column, , field] of source.sums) record[field] = count(row, `kept_${column}`);
  return record as unknown as RecordAggregate;
}

/**
 * Fills `records` with the figures of one kind of owner just before the moment and `kept` with what is kept now,
 * returning the owners a replay may change.
 */
async function loadOwners(
  client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, deletedFrom: number[],
  records: Map<number, RecordAggregate>, kept: Map<number, RecordAggregate>, extremesLater: ExtremesLater,
): Promise<number[]> {
  const rows = await readOwners(client, source, leagueId, moment, deletedFrom);
  const additive = [...TALLY_COLUMNS, ...source.sums.map(([column]) => column)];
  const keptMayCount = new Set(deletedFrom);
  const longStreaks: number[] = [];
  const readBack: { row: Row; tallies: Record<string, number> }[] = [];
  const settle = (row: Row, tallies: Record<string, number>, standing: Standing) => {
    if (standing.streak === null) longStreaks.push(row.owner);
    const record: Record<string, unknown> = {
      rating: standing.rating, matches: tallies.matches, wins: tallies.wins, losses: tallies.losses, draws: tallies.draws,
      streak: standing.streak ?? 0, recentResults: standing.letters, peakRating: row.peak_rating, peakAt: row.peak_at,
      lowestRating: row.lowest_rating, lowestAt: row.lowest_at, lastMatchAt: standing.lastMatchAt,
    };
    // Started without one, the replay's first row sets it (settleExtremes adds the rows before when they count).
    if ((row.peak_at as Date) >= moment) {
      extremesLater.peak.push(row.owner);
      Object.assign(record, { peakRating: DEFAULT_RATING, peakAt: null });
    }
    if ((row.lowest_at as Date) >= moment) {
      extremesLater.lowest.push(row.owner);
      Object.assign(record, { lowestRating: DEFAULT_RATING, lowestAt: null });
    }
    for (const [column, , field] of source.sums) record[field] = tallies[column];
    records.set(row.owner, record as unknown as RecordAggregate);
  };
  for (const row of rows) {
    if (row.kept_matches !== null) kept.set(row.owner, keptRecord(source, row));
    const tallies = before(row, additive);
    if (tallies.matches! < 0) throw disagree(source, row.owner);
    if (tallies.matches === 0) continue;
    const standing = keptMayCount.has(row.owner) ? null : standingFromKept(row, tallies.matches!, moment);
    if (standing) settle(row, tallies, standing);
    else readBack.push({ row, tallies });
  }
  const newest = await newestRowsBefore(client, source, leagueId, moment, readBack.map(({ row }) => row.owner));
  for (const { row, tallies } of readBack) settle(row, tallies, standingFromRows(source, row.owner, newest.get(row.owner), tallies.matches!));
  for (const [owner, results] of await allResults(client, source, leagueId, moment, longStreaks)) {
    records.get(owner)!.streak = streakOf(results.map((result) => RESULT_LETTER[result]).join('')).streak;
  }
  return rows.map((row) => row.owner);
}

/** Like loadOwners, for the records against opponent clans: returns the pairs a replay may change. */
async function loadPairs(
  client: pg.ClientBase, source: OwnerSource, leagueId: number, moment: Date, deletedFrom: number[],
  records: Map<string, OpponentAggregate>, kept: Map<string, OpponentAggregate>,
): Promise<string[]> {
  const rows = await readPairs(client, source, leagueId, moment, deletedFrom);
  for (const row of rows) {
    const key = `${row.owner}:${row.opponent}`;
    const lastMatchAt = row.last_match_at as Date | null;
    if (row.kept_matches !== null) {
      kept.set(key, {
        matches: count(row, 'kept_matches'), wins: count(row, 'kept_wins'), losses: count(row, 'kept_losses'),
        draws: count(row, 'kept_draws'), lastMatchAt,
      });
    }
    const tallies = before(row, TALLY_COLUMNS);
    if (tallies.matches! < 0) throw disagree(source, row.owner);
    if (tallies.matches === 0) continue;
    // A replayed row sets the last match anew (it comes after any before the moment): none is needed here.
    const lastBefore = lastMatchAt !== null && lastMatchAt < moment ? lastMatchAt : (row.last_before as Date | null);
    if (lastBefore === null && count(row, 'replayed') === 0) throw disagree(source, row.owner);
    records.set(key, { matches: tallies.matches!, wins: tallies.wins!, losses: tallies.losses!, draws: tallies.draws!, lastMatchAt: lastBefore });
  }
  return rows.map((row) => `${row.owner}:${row.opponent}`);
}

/**
 * A rater for `leagueId` holding the figures, as they stood before `moment`, of the clans and players (and their
 * records against opponent clans) a replay from the moment may change, with what is kept of them now. Owners and
 * pairs without a rated match before it are left out (the rater starts them afresh, as a replay from the first
 * match would).
 */
export async function loadRaterAsOf(client: pg.ClientBase, leagueId: number, moment: Date, deletedFrom: OwnersOfDeletedRows): Promise<StateAsOf> {
  const rater = new LeagueRater(leagueId);
  const kept: KeptFigures = { clans: new Map(), players: new Map(), clanOpponents: new Map(), playerOpponents: new Map() };
  const extremesLater = { clans: { peak: [], lowest: [] }, players: { peak: [], lowest: [] } };
  const clanIds = await loadOwners(client, CLANS, leagueId, moment, deletedFrom.clanIds, rater.clans, kept.clans, extremesLater.clans);
  const playerIds = await loadOwners(
    client, PLAYERS, leagueId, moment, deletedFrom.playerIds, rater.players as Map<number, RecordAggregate>, kept.players, extremesLater.players,
  );
  const clanOpponents = await loadPairs(client, CLANS, leagueId, moment, deletedFrom.clanIds, rater.clanOpponents, kept.clanOpponents);
  const playerOpponents = await loadPairs(client, PLAYERS, leagueId, moment, deletedFrom.playerIds, rater.playerOpponents, kept.playerOpponents);
  return { rater, kept, touched: { clanIds, playerIds, clanOpponents, playerOpponents }, extremesLater };
}

/**
 * After the replay, the peak and lowest of the owners it started without one (first reached, as kept, from the
 * moment on). The peak before the moment is below the kept one (which was first reached later), so when the
 * replayed rows reach the kept peak again (most owners: a late match moves few ratings) it cannot count; otherwise
 * it is read from the owner's rows before the moment and kept when at least as high (it came first). The same,
 * mirrored, for the lowest.
 */
export async function settleExtremes(client: pg.ClientBase, { rater, kept, extremesLater }: StateAsOf, moment: Date): Promise<void> {
  for (const [source, records, keptRecords, later] of [
    [CLANS, rater.clans, kept.clans, extremesLater.clans],
    [PLAYERS, rater.players, kept.players, extremesLater.players],
  ] as const) {
    const peak = later.peak.filter((owner) => {
      const record = records.get(owner)!;
      return record.peakAt === null || record.peakRating < keptRecords.get(owner)!.peakRating;
    });
    const lowest = later.lowest.filter((owner) => {
      const record = records.get(owner)!;
      return record.lowestAt === null || record.lowestRating > keptRecords.get(owner)!.lowestRating;
    });
    const before = await peakAndLowest(client, source, rater.leagueId, moment, [...new Set([...peak, ...lowest])]);
    for (const owner of peak) {
      const record = records.get(owner)!;
      const { peak_rating: peakRating, peak_at: peakAt } = before.get(owner)!;
      if (record.peakAt === null || peakRating >= record.peakRating) Object.assign(record, { peakRating, peakAt });
    }
    for (const owner of lowest) {
      const record = records.get(owner)!;
      const { lowest_rating: lowestRating, lowest_at: lowestAt } = before.get(owner)!;
      if (record.lowestAt === null || lowestRating <= record.lowestRating) Object.assign(record, { lowestRating, lowestAt });
    }
  }
}

/**
 * Takes what rated rows about to be deleted (a changed match's) added out of the kept tallies of their clans and
 * players and their records against opponents, so the tallies stay the sum over the stored rated rows. The
 * figures that are not sums (rating, streak, last match) are set right by the replay the change starts.
 */
export async function takeOutRatedRows(client: pg.ClientBase, matchIds: number[]): Promise<void> {
  for (const source of [CLANS, PLAYERS]) {
    const additive = [...TALLY_COLUMNS, ...source.sums.map(([column]) => column)];
    const rated = `HAVING count(*) FILTER (WHERE ${source.rated}) > 0`;
    await client.query(`
      UPDATE ${source.stats} kept SET ${additive.map((column) => `${column} = kept.${column} - gone.${column}`).join(', ')}
      FROM (SELECT r.${source.owner} AS owner, r.league_id, ${tallyOf(source, true)} FROM ${source.rows}
            WHERE r.match_id = ANY($1::int[]) GROUP BY 1, 2 ${rated}) gone
      WHERE kept.${source.owner} = gone.owner AND kept.league_id = gone.league_id`, [matchIds]);
    await client.query(`
      UPDATE ${source.opponentStats} kept SET ${TALLY_COLUMNS.map((column) => `${column} = kept.${column} - gone.${column}`).join(', ')}
      FROM (SELECT r.${source.owner} AS owner, r.league_id, ${source.opponent} AS opponent, ${tallyOf(source, false)}
            FROM ${source.rows} ${source.opponentJoin} WHERE r.match_id = ANY($1::int[]) GROUP BY 1, 2, 3 ${rated}) gone
      WHERE kept.${source.owner} = gone.owner AND kept.league_id = gone.league_id AND kept.opponent_clan_id = gone.opponent`, [matchIds]);
  }
}
