import {
  MatchDetailResponse, MatchListResponse, OuidResponse, responseParser, type MatchListEntry,
} from './open-api-types.js';
import type { UpstreamClient } from './upstream-client.js';

const parseOuid = responseParser(OuidResponse);
const parseMatchList = responseParser(MatchListResponse);
const parseMatchDetail = responseParser(MatchDetailResponse);

/** Which matches GET /match lists (`match_mode`, `match_type`). */
export interface MatchFilter {
  matchMode: string;
  matchType: string;
}

/** The ouid of a user name (GET /id); UpstreamNotFoundError when the name is unknown. */
export async function fetchOuid(client: UpstreamClient, userName: string): Promise<string> {
  const { ouid } = await client.getJson('/id', { user_name: userName }, parseOuid);
  return ouid;
}

/** A player's recent matches of one mode and type (GET /match), newest first. */
export async function fetchMatchList(client: UpstreamClient, ouid: string, filter: MatchFilter): Promise<MatchListEntry[]> {
  const query = { ouid, match_mode: filter.matchMode, match_type: filter.matchType };
  const { match } = await client.getJson('/match', query, parseMatchList);
  return match;
}

/** One match's map and player rows (GET /match-detail). */
export function fetchMatchDetail(client: UpstreamClient, matchId: string): Promise<MatchDetailResponse> {
  return client.getJson('/match-detail', { match_id: matchId }, parseMatchDetail);
}
