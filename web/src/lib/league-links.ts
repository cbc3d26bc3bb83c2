/**
 * Addresses of the statistics pages, following the league context rule (docs/league-context.md): a link from a
 * figure carries the league that figure belongs to, so the page it opens shows the same figures. Clan pages name
 * their league in the path; the player page (/sal/player/{id}) takes it as `?league=`.
 */

const enc = encodeURIComponent;

/** A league's table (standings for the beginner league, the division table for the others). */
export function leaguePath(league: string): string {
  return `/league/${enc(league)}`;
}

/** A clan's page with its figures in `league`; `match` opens that match's detail. */
export function clanPath(league: string, clanSlug: string, options: { match?: string } = {}): string {
  const query = options.match ? `?${new URLSearchParams({ match: options.match })}` : '';
  return `/league/${enc(league)}/clan/${enc(clanSlug)}${query}`;
}

/** Two clans against each other in `league`. */
export function headToHeadPath(league: string, clanSlug: string, opponentSlug: string): string {
  return `/league/${enc(league)}/clan/${enc(clanSlug)}/vs/${enc(opponentSlug)}`;
}

/**
 * A player's page (reading 1) with the figures of `league`; null leaves the choice to the page (the league of the
 * player's clan when they played there, else of their latest match), which then writes it into the address.
 */
export function playerPath(playerId: string, league: string | null, options: { highlight?: string | null; match?: string } = {}): string {
  const query = new URLSearchParams();
  if (league) query.set('league', league);
  if (options.highlight) query.set('highlight', options.highlight);
  if (options.match) query.set('match', options.match);
  const search = query.toString();
  return `/sal/player/${enc(playerId)}${search ? `?${search}` : ''}`;
}

/** A player's page of the proxy reading (/player/{division}/{id}): the division names the league. */
export function proxyPlayerPath(division: string, playerId: string): string {
  return `/player/${enc(division)}/${enc(playerId)}`;
}

/**
 * Two players side by side with the figures of `league` (null: the page picks one and writes it in); without a
 * second player, the page to pick one.
 */
export function comparePath(playerId: string, otherId: string | null, league: string | null): string {
  const query = league ? `?${new URLSearchParams({ league })}` : '';
  return `/compare/${enc(playerId)}${otherId ? `/${enc(otherId)}` : ''}${query}`;
}
