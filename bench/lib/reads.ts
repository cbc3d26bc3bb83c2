import { SIMULATED_MAPS } from '../../server/modules/ingest/simulated/game-maps.js';
import type { Samples } from './samples.js';

/** A read the bench measures: its name and the sample paths each request takes in turn. */
export interface Read {
  name: string;
  paths: string[];
}

/** The statistics reads of the API issue and the readers' extras, with the query strings the pages send. */
export function readsOf(samples: Samples): Read[] {
  const league = 'sal-beginner';
  // The query strings the pages send: the clan page asks with onlySAL=1 and preferSlug, the player page with onlySAL=1.
  const clanMatches = (slug: string, skip: number) =>
    `/api/league/${league}/clan-matches/${slug}?skip=${skip}&limit=20&onlySAL=1&preferSlug=${encodeURIComponent(slug)}`;
  const search = (keywords: string[]) => keywords.map((keyword) => `/api/resolve/sal-mixed?keyword=${encodeURIComponent(keyword)}`);
  return [
    { name: 'ranking page 1', paths: ['/api/sal/user/ranking?limit=100&skip=0'] },
    { name: `ranking past row ${samples.deepRanking.skip.toLocaleString('en')}`, paths: [`/api/sal/user/ranking?limit=100&skip=${samples.deepRanking.skip}`] },
    { name: 'clan detail', paths: samples.clans.map((clan) => `/api/league/${league}/clan-detail/${clan.slug}`) },
    { name: 'clan matches page 1', paths: samples.clans.map((clan) => clanMatches(clan.slug, 0)) },
    { name: 'clan matches, last page', paths: samples.clans.map((clan) => clanMatches(clan.slug, Math.max(0, clan.matches - 20))) },
    { name: 'match detail', paths: samples.matchIds.map((id) => `/api/league/match-detail/${id}`) },
    { name: 'player summary', paths: samples.playerIds.map((id) => `/api/league/player/${id}/summary`) },
    { name: 'player recent', paths: samples.playerIds.map((id) => `/api/league/player/${id}/recent?skip=0&limit=20&onlySAL=1`) },
    { name: 'sal-mixed search, 1-2 characters', paths: search(samples.keywords.short) },
    { name: 'sal-mixed search, 3-4 characters', paths: search(samples.keywords.longer) },
    { name: 'sal-mixed search, enlistment number', paths: search(samples.keywords.numbers) },
    // Readers' extras: the maps and weapons panels, the filtered lists (as the filter bar sends them), the comparison.
    { name: 'clan maps panel', paths: samples.clans.map((clan) => `/api/league/${league}/clan-breakdown/${clan.slug}`) },
    {
      name: 'clan matches by map',
      paths: samples.clans.map((clan, index) => `${clanMatches(clan.slug, 0)}&map=${encodeURIComponent(SIMULATED_MAPS[index % SIMULATED_MAPS.length]!)}`),
    },
    { name: 'clan matches by result', paths: samples.clans.map((clan) => `${clanMatches(clan.slug, 0)}&result=win`) },
    { name: 'player maps and weapons', paths: samples.playerIds.map((id) => `/api/league/player/${id}/breakdown?league=${league}`) },
    { name: 'player recent by result', paths: samples.playerIds.map((id) => `/api/league/player/${id}/recent?skip=0&limit=20&onlySAL=1&result=win`) },
    {
      name: 'player comparison',
      paths: samples.playerIds.map((id, index) => `/api/league/player/${id}/compare/${samples.playerIds[(index + 1) % samples.playerIds.length]}?league=${league}`),
    },
    // Link previews: the page a messenger fetches (the app with the clan's head) and the card it names.
    { name: 'clan page with link preview', paths: samples.clans.map((clan) => `/league/${league}/clan/${clan.slug}`) },
    { name: 'player page with link preview', paths: samples.playerIds.map((id) => `/sal/player/${id}`) },
    { name: 'clan preview card', paths: samples.clans.map((clan) => `/og/clan/${league}/${clan.slug}.png`) },
  ];
}
