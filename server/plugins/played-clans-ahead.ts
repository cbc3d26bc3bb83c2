import { firstLoadOf } from '@shared/rules/first-reads.js';
import type { LeagueDataChange } from '../modules/ingest/ingest-api.js';

/**
 * Most matches a change names for their clans' pages to be made ahead: a live league's interval writes one match
 * finished and one started. A change naming more (a batch, a command-line ingest) leaves their pages to their
 * readers, as before.
 */
const MOST_MATCHES = 2;

/** A clan as this needs it: its slug and its league's. */
export interface PlayedClan {
  slug: string;
  leagueSlug: string;
}

/**
 * The first reads of the pages of the clans whose matches a live write finished or started, as their clan page
 * asks for them in the clan's league (`firstLoadOf`, the rule the web's queries and the page preloads share; both
 * match list page sizes): what read-again-ahead.ts computes next, after the answers being read (docs/caching.md,
 * "The pages of the clans that just played"). `clansOf` names the clans of matches (by public id).
 */
export async function pagesOfClansThatPlayed(
  change: LeagueDataChange,
  clansOf: (matchIds: readonly string[]) => Promise<readonly PlayedClan[]>,
): Promise<string[]> {
  if (change.everything || change.matches.length === 0 || change.matches.length > MOST_MATCHES) return [];
  const urls = new Set<string>();
  for (const clan of await clansOf(change.matches)) {
    const load = firstLoadOf(['league', clan.leagueSlug, 'clan', clan.slug], new URLSearchParams());
    for (const read of load?.reads ?? []) urls.add(read.url);
  }
  return [...urls];
}
