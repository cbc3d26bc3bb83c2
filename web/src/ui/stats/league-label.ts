import { ko } from '../../i18n/ko';

type KnownLeague = keyof typeof ko.stats.league.hub;

/** A league slug as readers know it ('1부 리그'); an unknown slug is shown as it is. */
export function leagueLabel(slug: string): string {
  return ko.stats.league.hub[slug as KnownLeague]?.title ?? slug;
}

/** The second line of a league's name ('Amateur', 'Semi-Pro', ...), or null for an unknown slug. */
export function leagueSubtitle(slug: string): string | null {
  return ko.stats.league.hub[slug as KnownLeague]?.subtitle ?? null;
}
