import { apiPaths } from '@shared/rules/first-reads.js';
import type { FastifyReply } from 'fastify';
import { MatchDetailResponse, type MatchDetailData } from '../../contracts/matches.js';
import { eachInItsOwnTurn } from '../../lib/loop-turns.js';
import type { AheadAnswer, PublicReadCache } from '../../plugins/public-read-cache.js';
import { keepDetails, readKeptDetails, type DetailToKeep } from './kept-match-details.js';
import { clansShownAsStored, finishedMatchesOf, preparePage, type PreparedListPage, type PreparedPage } from './kept-match-pages.js';
import { loadMatchBundlesByPublicIds } from './match-bundles.js';
import { matchDetailOf } from './match-detail.js';
import { readTags } from './read-tags.js';
import type { StatsCore } from './stats-core.js';

/** A match list page's rows, as far as the details ahead go: which matches it lists and which still record. */
interface ListedMatches {
  data: ReadonlyArray<{ matchId: string; recording: boolean }>;
}

/** A list page as its route answers it: prepared (a kept or computed first page) or as computed. */
export type ListAnswer = PreparedListPage | ListedMatches;

/**
 * The detail route's answer schema, compiled by the list route's serializer compiler (the app's, as the detail
 * route's is): the detail route's bytes. One object, so the route compiles it once (Fastify keeps it by identity).
 */
const DETAIL_SCHEMA = MatchDetailResponse as unknown as Record<string, unknown>;

/**
 * A detail made ready: its prepared bytes. Its JSON is not kept with them: the cache reads it back only for a
 * client that takes no brotli (public-read-cache.ts, `payloadOf`).
 */
interface ReadyDetail {
  matchId: string;
  page: PreparedPage;
}

/**
 * The details of a list's finished matches as `preferSlug` sees them, in a few statements for the whole list: the
 * kept ones in one lookup, the others loaded in one statement, computed, and kept in one more (each under
 * kept-match-details.ts' checks). A match that records still, or is gone, is left out.
 */
async function prepareDetails(
  core: StatsCore,
  matchIds: readonly string[],
  preferSlug: string | null,
  serialize: (detail: MatchDetailData) => string,
): Promise<ReadyDetail[]> {
  const lookups = (await readKeptDetails(core.prisma, matchIds, preferSlug)).filter((lookup) => !lookup.recording);
  const kept = lookups.flatMap(({ matchId, found }) => (found.page ? [{ matchId, page: found.page }] : []));
  const missing = lookups.filter((lookup) => !lookup.found.page);
  const bundles = await loadMatchBundlesByPublicIds(core, missing.map((lookup) => lookup.matchId));
  const computing: Array<Promise<ReadyDetail & DetailToKeep & { detail: MatchDetailData }>> = [];
  // Each detail in a turn of the loop of its own: twenty computed, serialized and compressed in one turn held the
  // loop 8.7 ms on average on a quiet machine (up to 52 ms; two to three times that under load), which every
  // reader and chat push arriving meanwhile waited out (docs/performance.md, "Long turns").
  await eachInItsOwnTurn(missing, async ({ matchId, found }) => {
    const bundle = bundles.get(matchId);
    const league = bundle && await core.leagues.byId(bundle.leagueId);
    if (!bundle || !league || bundle.status !== 'complete') return;
    const detail = matchDetailOf(bundle, league, preferSlug ?? undefined);
    const json = serialize(detail);
    // Prepared as each is computed (a detail is small enough to compress in place: answer-bytes.ts).
    computing.push(preparePage(json).then((page) => ({ matchId, detail, page, seenFrom: detail.myTeam, seen: found.seen })));
  });
  const computed = await Promise.all(computing);
  // Kept only when the clans they show are as stored (a process that heard of a rename late keeps none). Unlike a
  // read's keep (answer-keeps.ts), kept before the prefetches have them: no reader of the list waits for this work,
  // and inside it the keep (twenty rows) is paced by it rather than queued on the pool beside the reads.
  const shown = computed.flatMap(({ detail }) => [detail.match.blueClan, detail.match.redClan]);
  // One lookup: every detail saw the same epoch.
  if (computed.length > 0 && await clansShownAsStored(core, shown, computed[0]!.seen)) {
    await keepDetails(core.prisma, computed);
  }
  return [...kept, ...computed];
}

/**
 * The finished matches a list page shows: a prepared page's as kept with it (its JSON is not read back: parsing a
 * kept page of 60 KB for its ids cost 2% of the server's CPU and 7% of what it allocated under the live mix).
 */
function finishedMatchIds(list: ListAnswer): readonly string[] {
  return 'page' in list ? list.finishedMatchIds : finishedMatchesOf(list.data);
}

/**
 * Match details computed ahead of their readers (docs/caching.md, "Match details ahead of their readers"): the clan
 * and player pages prefetch the details of every list page they show, twenty requests a page, so when a list page
 * is answered its details are made ready at once, in a few statements for the page, and kept in the public-read
 * cache under the addresses the pages ask (`apiPaths.matchDetail`); the prefetches that arrive meanwhile wait for them.
 */
export function createDetailsAhead({ core, cache }: { core: StatsCore; cache: PublicReadCache }) {
  return {
    /**
     * After a list page is answered (before it is sent): its finished matches' details as `preferSlug` sees them
     * (the list's clan, or a player's current clan), computed ahead in the background. Returns once the
     * prefetches would wait for them; failures are logged (each reader then computes its own).
     */
    async afterList(list: ListAnswer, preferSlug: string | null, reply: FastifyReply): Promise<void> {
      const failed = (error: unknown) => reply.log.warn({ err: error }, 'match details could not be computed ahead; their readers compute them');
      const serialize = (detail: MatchDetailData) => String(reply.serializeInput({ data: detail }, DETAIL_SCHEMA));
      try {
        const matchIdOf = new Map(finishedMatchIds(list).map((matchId) => [apiPaths.matchDetail(matchId, preferSlug), matchId]));
        cache.computeAhead([...matchIdOf.keys()], async (urls) => {
          const details = await prepareDetails(core, urls.map((url) => matchIdOf.get(url)!), preferSlug, serialize);
          return new Map(details.map(({ matchId, page }): [string, AheadAnswer] =>
            [apiPaths.matchDetail(matchId, preferSlug), { page, tags: [readTags.match(matchId)] }]));
        }).catch(failed);
      } catch (error) {
        failed(error);
      }
    },
  };
}

export type DetailsAhead = ReturnType<typeof createDetailsAhead>;
