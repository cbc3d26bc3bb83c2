import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { ClanIdentity } from './clan-directory.js';
import type { LeagueInfo } from './league-directory.js';
import { resolveLeagueParam } from './league-param.js';
import type { StatsCore } from './stats-core.js';

/**
 * The clan and league a clan read's path names (/api/league/{league}/.../{clanSlug}): 400 for an unknown league
 * (checked first, so a bad league is told before a missing clan), 404 for an unknown clan.
 */
export async function resolveClanPath(
  core: StatsCore,
  leagueName: string,
  clanSlug: string,
): Promise<{ clan: ClanIdentity; league: LeagueInfo }> {
  const clan = await core.clans.find(clanSlug);
  const league = await resolveLeagueParam(core.leagues, leagueName, clan?.leagueSlug);
  if (!clan) throw new NotFoundError(serverMessages.clanInfoNotFound, 'clan_not_found');
  return { clan, league };
}
