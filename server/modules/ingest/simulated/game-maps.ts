import { cumulativeWeights, type Random } from './random.js';

/**
 * Bomb-mission maps of Sudden Attack that clan matches are played on, weighted by how often leagues pick them
 * (제3보급창고 dominates). Team-deathmatch maps such as 웨어하우스 are left out: league matches are played in rounds.
 */
const MAPS: readonly (readonly [name: string, weight: number])[] = [
  ['제3보급창고', 40],
  ['프로방스', 14],
  ['크로스포트', 10],
  ['드래곤로드', 9],
  ['올드타운', 7],
  ['이탈리아', 6],
  ['웨스턴', 5],
  ['에어포트', 5],
  ['제5보급창고', 4],
];

const MAP_NAMES = MAPS.map(([name]) => name);
const MAP_WEIGHTS = cumulativeWeights(MAPS.map(([, weight]) => weight));

/** Every map name the simulated league uses. */
export const SIMULATED_MAPS: readonly string[] = MAP_NAMES;

/** A map for the next clan match, by popularity. */
export function pickMap(random: Random): string {
  return MAP_NAMES[random.weightedIndex(MAP_WEIGHTS)] as string;
}
