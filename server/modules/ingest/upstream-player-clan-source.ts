import { fetchMatchDetail, fetchMatchList, fetchOuid } from '../game-api/open-api-calls.js';
import { CLAN_MATCH_FILTER } from '../game-api/open-api-types.js';
import type { UpstreamClient } from '../game-api/upstream-client.js';
import { UpstreamNotFoundError } from '../game-api/upstream-errors.js';
import { clanSlugOf } from '../game-api/upstream-ids.js';
import type { PlayerClanSource } from './player-clan-source.js';

/**
 * The clan refresh's source when the game's Open API is configured: the clan on the player's own row of their
 * newest clan match, asked by nickname (GET /id -> ouid, GET /match -> newest match, GET /match-detail ->
 * clan_name; '' is no clan). The slug is made as the upstream ingest source makes it, so it names the clan that
 * source stored. A name or a match list the upstream does not know, or a newest match without the player's row
 * (renamed since), is "the source knows nothing": the refresh then changes nothing. Auth and availability
 * failures propagate (403 with the app-id text, 503).
 */
export function upstreamClanSource(client: UpstreamClient): PlayerClanSource {
  return {
    async readClan(player) {
      let ouid: string;
      try {
        ouid = await fetchOuid(client, player.nickname);
      } catch (error) {
        if (error instanceof UpstreamNotFoundError) return undefined;
        throw error;
      }
      const listed = await fetchMatchList(client, ouid, CLAN_MATCH_FILTER);
      const newest = listed.reduce<(typeof listed)[number] | undefined>(
        (latest, entry) => (latest === undefined || Date.parse(entry.date_match) > Date.parse(latest.date_match) ? entry : latest),
        undefined,
      );
      if (!newest) return undefined;
      const detail = await fetchMatchDetail(client, newest.match_id);
      const row = detail.match_detail.find((candidate) => candidate.user_name === player.nickname);
      if (!row) return undefined;
      const clanName = row.clan_name.trim();
      return { clanSlug: clanName === '' ? null : clanSlugOf(clanName), at: new Date(detail.date_match) };
    },
  };
}
