import { cumulativeWeights, Random } from '../../server/modules/ingest/simulated/random.js';

/** One page a reader opens; the requests each one makes are in live-pages.ts. */
export type PageVisit =
  | { kind: 'home' }
  | { kind: 'ranking'; page: number }
  | { kind: 'standings'; league: string }
  | { kind: 'clan'; league: string; slug: string }
  | { kind: 'player'; playerId: string };

export type PageKind = PageVisit['kind'];

/** Everyone a reader may look up, most visited first (the Zipf rank). */
export interface ReaderPopulation {
  clans: ReadonlyArray<{ league: string; slug: string }>;
  /** Enlistment numbers. */
  players: readonly string[];
  /** Pages of the SAL personal ranking (100 rows each). */
  rankingPages: number;
}

/**
 * The share of page opens per kind: the shared pages (home, ranking, standings) are the hot ones, the clan and
 * player pages the long tail.
 */
export const PAGE_MIX: ReadonlyArray<readonly [PageKind, number]> = [
  ['home', 20], ['ranking', 15], ['standings', 15], ['clan', 25], ['player', 25],
];

/** Zipf's exponent over clans and players: the k-th most visited is visited 1/k as often as the first. */
export const ZIPF_EXPONENT = 1;

/** A reader's next page opens this long after the previous one was due (uniformly between). */
export const ARRIVAL_GAP_MS = [1000, 3000] as const;

/** The standings pages: the beginner league's own page, and the summary tables of the other divisions. */
const STANDINGS_LEAGUES: ReadonlyArray<readonly [string, number]> = [
  ['sal-beginner', 6], ['supply-1', 1], ['supply-2', 1], ['sanply', 1],
];

/** Running weights of Zipf's law over `count` ranks (rank 1 first). */
export function zipfWeights(count: number, exponent = ZIPF_EXPONENT): Float64Array {
  return cumulativeWeights(Array.from({ length: count }, (_, index) => 1 / (index + 1) ** exponent));
}

/**
 * Which ranking page a visit reads: most stop at the first, and each further page (a scroll that loads 100 more
 * rows) is half as likely as the one before.
 */
function rankingPage(random: Random, pages: number): number {
  let page = 1;
  while (page < pages && random.chance(0.5)) page += 1;
  return page;
}

/** The pages readers open, drawn from a seeded source so two runs of one seed open the same pages. */
export function createTraffic(population: ReaderPopulation, seed: string) {
  const random = new Random(seed);
  const kinds = cumulativeWeights(PAGE_MIX.map(([, weight]) => weight));
  const standings = cumulativeWeights(STANDINGS_LEAGUES.map(([, weight]) => weight));
  const clans = zipfWeights(population.clans.length);
  const players = zipfWeights(population.players.length);
  return {
    nextVisit(): PageVisit {
      const kind = PAGE_MIX[random.weightedIndex(kinds)]![0];
      switch (kind) {
        case 'home':
          return { kind };
        case 'ranking':
          return { kind, page: rankingPage(random, population.rankingPages) };
        case 'standings':
          return { kind, league: STANDINGS_LEAGUES[random.weightedIndex(standings)]![0] };
        case 'clan':
          return { kind, ...population.clans[random.weightedIndex(clans)]! };
        case 'player':
          return { kind, playerId: population.players[random.weightedIndex(players)]! };
      }
    },
    /** When a reader's first page is due: spread over one longest gap, so the readers do not all start at once. */
    firstArrivalMs(): number {
      return random.between(0, ARRIVAL_GAP_MS[1]);
    },
    /** The gap after a page before the same reader's next one is due. */
    nextGapMs(): number {
      return random.between(...ARRIVAL_GAP_MS);
    },
  };
}

export type Traffic = ReturnType<typeof createTraffic>;
