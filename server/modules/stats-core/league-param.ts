import { SUPPLY_ALIAS } from '@shared/rules/leagues.js';
import type { LeagueRef } from '../../contracts/clans.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { LeagueDirectory, LeagueInfo } from './league-directory.js';


/**
 * The division a league parameter names, for the clan, match and player calls: a catalogue slug, or 'supply',
 * which means the clan's own league when that is a supply league (else league 1). Anything else is a bad value
 * of the request: 400 with the league text.
 */
export async function resolveLeagueParam(
  leagues: LeagueDirectory,
  slug: string,
  clanLeagueSlug?: string,
): Promise<LeagueInfo> {
  const wanted = slug === SUPPLY_ALIAS ? supplyLeagueOf(await leagues.all(), clanLeagueSlug) : slug;
  const league = await leagues.bySlug(wanted);
  if (!league) throw new BadRequestError(serverMessages.leagueUnknown, 'unknown_league');
  return league;
}

function supplyLeagueOf(all: LeagueInfo[], clanLeagueSlug: string | undefined): string {
  const own = all.find((league) => league.slug === clanLeagueSlug && league.kind === SUPPLY_ALIAS);
  return own?.slug ?? all.find((league) => league.kind === SUPPLY_ALIAS)?.slug ?? SUPPLY_ALIAS;
}

/** A division as responses name it. */
export function presentLeague(league: LeagueInfo): LeagueRef {
  return { slug: league.slug, name: league.label, kind: league.kind };
}
