import { firstLoadOf } from '@shared/rules/first-reads.js';
import type { LeagueDataChange } from '../modules/ingest/ingest-api.js';

/**
 * Most clans a change names for their pages to be made ahead: a live match's two. A change naming more (a batch of
 * matches, a command-line ingest) leaves its clans' pages to their readers, as before.
 */
const MOST_CLANS_PLAYED = 2;

/**
 * The first reads of the pages of the clans a live match touched, as their clan page asks for them in the clan's
 * league (`firstLoadOf`, the rule the web's queries and the page preloads share; both match list page sizes): what
 * read-again-ahead.ts computes next, after the answers being read (docs/caching.md, "The pages of the clans that
 * just played"). `leagueOf` names a clan's league (undefined: a clan this process does not know yet).
 */
export async function pagesOfClansThatPlayed(
  change: LeagueDataChange,
  leagueOf: (clanSlug: string) => Promise<string | undefined>,
): Promise<string[]> {
  if (change.everything || change.clans.length > MOST_CLANS_PLAYED) return [];
  const urls: string[] = [];
  for (const slug of change.clans) {
    const league = await leagueOf(slug);
    const load = league === undefined ? null : firstLoadOf(['league', league, 'clan', slug], new URLSearchParams());
    if (load) urls.push(...load.reads.map((read) => read.url));
  }
  return urls;
}
