import type { ProxyPlayerMatch } from '../../contracts/proxy.js';
import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { ClanRow } from '../stats-core/clan-presenter.js';
import { oneDecimal } from '../../lib/numbers.js';
import type { LeagueDirectory } from '../stats-core/league-directory.js';
import { fetchMatchDetail, fetchMatchList, fetchOuid } from '../game-api/open-api-calls.js';
import { CLAN_MATCH_FILTER, MATCH_RESULT } from '../game-api/open-api-types.js';
import { matchDetailRecords } from '../game-api/match-records.js';
import type { UpstreamClient } from '../game-api/upstream-client.js';
import { UpstreamNotFoundError } from '../game-api/upstream-errors.js';
import { playerIdFromName } from '../game-api/upstream-ids.js';
import { proxyDivisionKey } from '../rating/division-key.js';
import type { MatchResult } from '../rating/match-result.js';
import { pickMvp } from '../rating/mvp.js';
import { kdPercent } from '../rating/record-stats.js';
import type { PlayerPool, RecentOverride } from './local-players.js';
import { sideResult, type DetailMatch } from './match-detail-presenter.js';
import { SUMMARY_MATCHES } from './match-summary.js';

const RESULT_OF_CODE: Record<string, MatchResult> = {
  [MATCH_RESULT.win]: 'win',
  [MATCH_RESULT.lose]: 'lose',
  [MATCH_RESULT.draw]: 'draw',
};

/** An upstream 404 as the page's own not-found answer. */
async function orNotFound<T>(call: Promise<T>, message: string, code: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof UpstreamNotFoundError) throw new NotFoundError(message, code);
    throw error;
  }
}

export interface UpstreamProxyDeps {
  client: UpstreamClient;
  prisma: Database;
  leagues: LeagueDirectory;
}

/**
 * The proxy calls the game's Open API can answer (match detail; a player's recent clan matches), converted to
 * the proxy shapes. The Open API has no clan or ranking calls, so those stay on the site's own data, which the
 * upstream ingest source fills. A refused or missing key is an UpstreamAuthError: 403 with the app-id text.
 */
export function upstreamProxy({ client, prisma, leagues }: UpstreamProxyDeps) {
  /** The enlistment numbers the site knows for these nicknames, so upstream rows link to local player pages. */
  async function localIdsByNickname(nicknames: string[]): Promise<Map<string, string>> {
    const players = await prisma.player.findMany({
      where: { nickname: { in: nicknames } },
      orderBy: [{ lastSeenAt: { sort: 'asc', nulls: 'first' } }, { id: 'desc' }],
      select: { nickname: true, enlistmentNo: true },
    });
    // Ascending by last seen, so the most recently seen holder of a reused nickname is set last and wins.
    return new Map(players.map((player) => [player.nickname, player.enlistmentNo]));
  }

  /** GET /match-detail?match_id= as a match detail of the division the key names. */
  async function matchDetail(divisionKey: string, matchId: string): Promise<DetailMatch> {
    const [league] = await leagues.requireDivision(divisionKey);
    const detail = await orNotFound(fetchMatchDetail(client, matchId), serverMessages.matchInfoNotFound, 'match_not_found');
    const localIds = await localIdsByNickname([...new Set(detail.match_detail.map((row) => row.user_name))]);
    const { clans, players, match } = matchDetailRecords(detail, {
      league: league!.slug,
      playerIdOf: (userName) => localIds.get(userName) ?? playerIdFromName(userName),
    });
    const clanBySlug = new Map(clans.map((clan): [string, ClanRow] => [clan.slug, { slug: clan.slug, name: clan.name, markBg: null, markFront: null }]));
    const clanOfPlayer = new Map(players.map((player) => [player.playerId, player.clanSlug]));
    const winner = match.winner ?? 'draw';
    const mvp = pickMvp(match.players, winner);
    return {
      id: match.matchId,
      divisionKey: proxyDivisionKey(league!.slug),
      map: match.map,
      startedAt: new Date(match.startedAt),
      playTimeSeconds: match.playTimeSeconds,
      status: match.status,
      winner,
      blueScore: match.blueScore,
      redScore: match.redScore,
      blueClan: clanBySlug.get(match.blueClanSlug)!,
      redClan: clanBySlug.get(match.redClanSlug)!,
      rows: match.players.map((row) => {
        const clanSlug = clanOfPlayer.get(row.playerId);
        return {
          ...row,
          clan: clanSlug ? clanBySlug.get(clanSlug) ?? null : null,
          isMvp: row.playerId === mvp,
          result: sideResult(winner, row.side),
          ratingBefore: null,
          ratingAfter: null,
        };
      }),
    };
  }

  /** The player's last 20 clan matches as the upstream lists them (no map, clans or ratings there). */
  async function recentMatches(pool: PlayerPool): Promise<RecentOverride> {
    const ouid = await orNotFound(fetchOuid(client, pool.player.nickname), serverMessages.userInfoNotFound, 'player_not_found');
    const entries = (await fetchMatchList(client, ouid, CLAN_MATCH_FILTER)).slice(0, SUMMARY_MATCHES);
    const divisionKey = proxyDivisionKey(pool.league.slug);
    const matches = entries.map((entry): ProxyPlayerMatch => {
      const result = RESULT_OF_CODE[entry.match_result] ?? null;
      return {
        id: entry.match_id,
        division_key: divisionKey,
        map: null,
        start_at: new Date(entry.date_match).toISOString(),
        status: 'complete',
        result,
        win: result === null ? null : result === 'win',
        blue_team: null,
        kill: entry.kill,
        death: entry.death,
        assist: entry.assist,
        kd_rate: oneDecimal(kdPercent(entry.kill, entry.death)),
        is_mvp: false,
        dropout: false,
        rating: null,
        rating_update: null,
        clan: null,
        opponent: { clan: null },
      };
    });
    return {
      matches,
      results: matches.map((match) => match.result).filter((result) => result !== null),
      kill: entries.reduce((sum, entry) => sum + entry.kill, 0),
      death: entries.reduce((sum, entry) => sum + entry.death, 0),
      mvpCount: 0,
    };
  }

  return { matchDetail, recentMatches };
}

export type UpstreamProxy = ReturnType<typeof upstreamProxy>;
