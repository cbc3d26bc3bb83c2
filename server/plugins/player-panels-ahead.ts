import { apiPaths, firstLoadOf } from '@shared/rules/first-reads.js';
import { PHONE_SCREEN_QUERY, WIDER_SCREEN_QUERY } from '@shared/rules/match-lists.js';
import type { FastifyInstance } from 'fastify';
import { computedThrough, type PublicReadCache } from './public-read-cache.js';

/** What of a player summary decides the rest of the player's page: the league it shows and whether it has matches. */
export interface ShownSummary {
  leagueName: string;
  totalMatches: number;
}

/**
 * Whether a browser is likely on a phone's screen, from its User-Agent: phones' browsers say "Mobi" there (MDN's
 * advice for telling them apart), tablets' and computers' do not. Only a guess of which match page size the page
 * asks for: a wrong one leaves that page to its reader, as before.
 */
export function onPhoneScreen(userAgent: string | undefined): boolean {
  return /Mobi/.test(userAgent ?? '');
}

/**
 * The reads a player's page asks for once its summary has answered (docs/caching.md, "A player's panels with
 * their summary"): the page shows the summary's league (the address names none: /sal/player/{id}) and asks for
 * that league's rating history, breakdown and first match page, at the page size of the screen (`phone`), as
 * `firstLoadOf` names them (the rule the web's queries share). None for a player without matches there: the page
 * then asks for nothing more.
 */
export function panelsAfterSummary(playerId: string, summary: ShownSummary, phone: boolean): string[] {
  if (summary.totalMatches === 0) return [];
  const load = firstLoadOf(['league', summary.leagueName, 'player', playerId], new URLSearchParams());
  const summaryUrl = apiPaths.playerSummary(playerId, summary.leagueName);
  const screenMedia = phone ? PHONE_SCREEN_QUERY : WIDER_SCREEN_QUERY;
  return (load?.reads ?? [])
    .filter((read) => read.url !== summaryUrl && (read.media === undefined || read.media === screenMedia))
    .map((read) => read.url);
}

/**
 * A player's panels computed ahead of the reader whose summary was just computed: through the app's routes, aside,
 * all at once, in the public-read cache, where the reader's requests find them or wait for them
 * (`computeAheadAside`). A summary read kept is left alone: its panels were asked for with it before and are kept
 * too.
 */
export function createPlayerPanelsAhead(app: FastifyInstance, cache: PublicReadCache) {
  const computeThrough = (token: string) => computedThrough(app, token);
  return {
    afterSummary(playerId: string, summary: ShownSummary, userAgent: string | undefined): void {
      cache.computeAheadAside(panelsAfterSummary(playerId, summary, onPhoneScreen(userAgent)), computeThrough).catch((error: unknown) => {
        app.log.warn({ err: error, playerId }, 'a player\'s panels could not be computed ahead; their reader computes them');
      });
    },
  };
}

export type PlayerPanelsAhead = ReturnType<typeof createPlayerPanelsAhead>;
