import type { LeagueSlugValue } from '../../../contracts/ingest-record.js';
import { LEAGUES, type SimClan } from './league-state.js';
import type { Random } from './random.js';

/** Two clans of one division that play each other. */
export interface Fixture {
  league: LeagueSlugValue;
  blue: SimClan;
  red: SimClan;
}

/** The clans playing in one division, with the running total of their activity to draw from. */
interface Division {
  league: LeagueSlugValue;
  clans: SimClan[];
  cumulative: number[];
}

/**
 * Draws who plays whom: a division in proportion to how much its clans play, then two different clans of it,
 * each in proportion to its activity. A clan founded today plays its division's next match (its debut), so
 * every new clan has at least one match. Call `refresh` when the day changes and `moveClan` when a clan changes
 * division (cheap, so a league of thousands of clans can move hundreds of them).
 */
export class FixturePicker {
  private readonly divisions: Division[] = LEAGUES.map((league) => ({ league, clans: [], cumulative: [] }));
  private divisionWeights: number[] = [];
  /** Clans founded on the current day that have not played yet. */
  private debutants: SimClan[] = [];

  constructor(private readonly clans: readonly SimClan[]) {}

  /** Rebuilds the draw tables for the clans playing on `day` (0-based; Infinity: every clan). */
  refresh(day: number): void {
    for (const division of this.divisions) {
      division.clans = [];
      division.cumulative = [];
    }
    for (const clan of this.clans) if (clan.activeFromDay <= day) this.add(clan);
    this.debutants = this.clans.filter((clan) => clan.activeFromDay > 0 && clan.activeFromDay === day);
    this.weighDivisions();
  }

  /** Adds a clan founded now; it plays its division's next match. */
  foundClan(clan: SimClan): void {
    this.add(clan);
    this.debutants.push(clan);
    this.weighDivisions();
  }

  /** Follows a clan that left division `from` for its current one. */
  moveClan(clan: SimClan, from: LeagueSlugValue): void {
    const source = this.division(from);
    const index = source.clans.indexOf(clan);
    if (index < 0) return;
    source.clans.splice(index, 1);
    source.cumulative.splice(index, 1);
    for (let i = index; i < source.cumulative.length; i += 1) {
      source.cumulative[i] = (source.cumulative[i] as number) - clan.activity;
    }
    this.add(clan);
    this.weighDivisions();
  }

  /** The next match's division and clans (blue and red in random order). */
  pick(random: Random): Fixture {
    const chosen = this.divisions[random.weightedIndex(this.divisionWeights)] as Division;
    const debutant = this.debutants.findIndex((clan) => clan.league === chosen.league);
    const blue = debutant >= 0 ? (this.debutants.splice(debutant, 1)[0] as SimClan) : (chosen.clans[random.weightedIndex(chosen.cumulative)] as SimClan);
    let red = blue;
    while (red === blue) red = chosen.clans[random.weightedIndex(chosen.cumulative)] as SimClan;
    return { league: chosen.league, blue, red };
  }

  private add(clan: SimClan): void {
    const division = this.division(clan.league);
    division.cumulative.push((division.cumulative.at(-1) ?? 0) + clan.activity);
    division.clans.push(clan);
  }

  private division(league: LeagueSlugValue): Division {
    return this.divisions[LEAGUES.indexOf(league)] as Division;
  }

  /** Division weights for the draw; a division with fewer than two clans gets none. */
  private weighDivisions(): void {
    let total = 0;
    this.divisionWeights = this.divisions.map(
      (division) => (total += division.clans.length >= 2 ? (division.cumulative.at(-1) ?? 0) : 0),
    );
    if (total === 0) throw new Error('no division has two clans to play a match');
  }
}
