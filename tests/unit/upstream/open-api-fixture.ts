import type { MatchDetailResponse, MatchDetailRow } from '../../../server/modules/game-api/open-api-types.js';
import { CLAN_MATCH_FILTER, MATCH_RESULT } from '../../../server/modules/game-api/open-api-types.js';

/** One player's line in a fixture match; stats not given default to a plain average game. */
export interface FixturePlayer {
  name: string;
  kill?: number;
  death?: number;
  assist?: number;
  headshot?: number;
  damage?: number;
  /** The row's clan when it differs from the side's clan ('' for none). */
  clan?: string;
}

export interface FixtureSide {
  clan: string;
  players: FixturePlayer[];
}

export interface FixtureMatch {
  id: string;
  at: string;
  winner: 'blue' | 'red' | 'draw';
  blue: FixtureSide;
  red: FixtureSide;
  map?: string | null;
  matchType?: string;
}

function resultOf(side: 'blue' | 'red', winner: FixtureMatch['winner']): MatchDetailRow['match_result'] {
  if (winner === 'draw') return MATCH_RESULT.draw;
  return winner === side ? MATCH_RESULT.win : MATCH_RESULT.lose;
}

function rows(side: 'blue' | 'red', spec: FixtureSide, winner: FixtureMatch['winner']): MatchDetailRow[] {
  return spec.players.map((player) => ({
    team_id: side === 'blue' ? '1' : '2',
    match_result: resultOf(side, winner),
    user_name: player.name,
    season_grade: '병장',
    clan_name: player.clan ?? spec.clan,
    kill: player.kill ?? 6,
    death: player.death ?? 5,
    headshot: player.headshot ?? 2,
    damage: player.damage ?? 1000,
    assist: player.assist ?? 1,
  }));
}

/** A clan match detail as the Open API answers it. */
export function clanMatch(spec: FixtureMatch): MatchDetailResponse {
  return {
    match_id: spec.id,
    match_type: spec.matchType ?? CLAN_MATCH_FILTER.matchType,
    match_mode: CLAN_MATCH_FILTER.matchMode,
    date_match: spec.at,
    match_map: spec.map === undefined ? '제3보급창고' : spec.map,
    match_detail: [...rows('blue', spec.blue, spec.winner), ...rows('red', spec.red, spec.winner)],
  };
}

/** Five players of a clan with default stats: `${prefix}1` .. `${prefix}5`. */
export function roster(clan: string, prefix: string): FixtureSide {
  return { clan, players: Array.from({ length: 5 }, (_, i) => ({ name: `${prefix}${i + 1}` })) };
}
