import type { Database } from '../../db/client.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { proxyDivisionKey } from '../rating/division-key.js';
import { LEAGUE_CATALOG, type LeagueSlug } from './league-catalog.js';

const unknownLeague = () => new BadRequestError(serverMessages.leagueUnknown, 'unknown_league');

/** A league division with its database id. */
export interface LeagueInfo {
  id: number;
  slug: LeagueSlug;
  label: string;
  kind: string;
}

/**
 * The league divisions by slug and id. They are created once (migrations and the seed) and never change while
 * the server runs, so they are read on first use and kept; an empty read is not kept, so a database seeded
 * after start is seen.
 */
export class LeagueDirectory {
  private leagues: LeagueInfo[] | undefined;
  private loading: Promise<LeagueInfo[]> | undefined;

  constructor(private readonly prisma: Database) {}

  /** Every known division, in catalogue order. */
  async all(): Promise<LeagueInfo[]> {
    if (this.leagues) return this.leagues;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<LeagueInfo[]> {
    const known = new Set<string>(LEAGUE_CATALOG.map((league) => league.slug));
    const rows = await this.prisma.league.findMany({ orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] });
    const leagues = rows
      .filter((row) => known.has(row.slug))
      .map((row) => ({ id: row.id, slug: row.slug as LeagueSlug, label: row.label, kind: row.kind }));
    if (leagues.length > 0) this.leagues = leagues;
    return leagues;
  }

  /** The ids of the divisions named (unknown slugs left out), from the divisions read so far, without waiting. */
  idsOf(slugs: readonly string[]): number[] {
    return (this.leagues ?? []).filter((league) => slugs.includes(league.slug)).map((league) => league.id);
  }

  /** The slug of a division read so far, without waiting. */
  slugOf(id: number): LeagueSlug | undefined {
    return this.leagues?.find((league) => league.id === id)?.slug;
  }

  async bySlug(slug: string): Promise<LeagueInfo | undefined> {
    return (await this.all()).find((league) => league.slug === slug);
  }

  async byId(id: number): Promise<LeagueInfo | undefined> {
    return (await this.all()).find((league) => league.id === id);
  }

  /** The division a request names; an unknown one is a bad value of the request: 400 with the league text. */
  async require(slug: string): Promise<LeagueInfo> {
    const league = await this.bySlug(slug);
    if (!league) throw unknownLeague();
    return league;
  }

  /**
   * The rating pools a proxy-variant division names: a league slug, 'supply' (leagues 1 and 2 together) or a
   * division key ('27' is sanply). 400 with the league text for anything else.
   */
  async requireDivision(division: string): Promise<LeagueInfo[]> {
    const leagues = (await this.all()).filter((league) => league.slug === division || proxyDivisionKey(league.slug) === division);
    if (leagues.length === 0) throw unknownLeague();
    return leagues;
  }
}

