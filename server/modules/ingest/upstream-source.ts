import { Compile } from 'typebox/compile';
import {
  ClanRecord, MatchRecord, PlayerRecord, type IngestRecord, type LeagueSlugValue,
} from '../../contracts/ingest-record.js';
import { matchDetailRecords } from '../game-api/match-records.js';
import { fetchMatchDetail, fetchMatchList, fetchOuid, type MatchFilter } from '../game-api/open-api-calls.js';
import { CLAN_MATCH_FILTER, type MatchDetailResponse } from '../game-api/open-api-types.js';
import type { UpstreamClient } from '../game-api/upstream-client.js';
import { UpstreamDataError, UpstreamNotFoundError } from '../game-api/upstream-errors.js';
import { playerIdFromName, playerIdFromOuid } from '../game-api/upstream-ids.js';

/** One compiled check per record type, so an error names the field of that type. */
const CHECKS = { clan: Compile(ClanRecord), player: Compile(PlayerRecord), match: Compile(MatchRecord) };

/** Match ids already ingested: a set, or a lookup that returns which of the given ids are known. */
export type KnownMatchIds = ReadonlySet<string> | ((matchIds: string[]) => Promise<ReadonlySet<string>>);

export interface UpstreamSourceOptions {
  /** User names whose clan matches are followed; every player met in those matches is recorded too. */
  trackedPlayers: readonly string[];
  /** The division every clan and match of this source belongs to. */
  league: LeagueSlugValue;
  /** GET /match filters (defaults: CLAN_MATCH_FILTER). */
  matchMode?: string;
  matchType?: string;
  /** Matches to skip because they are already stored: makes a run after a run cheap and record-free. */
  knownMatchIds?: KnownMatchIds;
  /** Called for a tracked name the upstream does not know (renamed or mistyped); the run goes on without it. */
  onUnknownPlayer?: (userName: string) => void;
}

/** An ingest source over the upstream Open API (one run per `records()` call). */
export interface UpstreamSource {
  records(): AsyncGenerator<IngestRecord>;
}

/** The ouid of every tracked name the upstream knows, by name. */
async function resolveTrackedPlayers(client: UpstreamClient, options: UpstreamSourceOptions): Promise<Map<string, string>> {
  const names = [...new Set(options.trackedPlayers.map((name) => name.trim()).filter((name) => name !== ''))];
  const resolved = await Promise.all(names.map(async (name) => {
    try {
      return [name, await fetchOuid(client, name)] as const;
    } catch (error) {
      if (!(error instanceof UpstreamNotFoundError)) throw error;
      options.onUnknownPlayer?.(name);
      return undefined;
    }
  }));
  return new Map(resolved.filter((entry) => entry !== undefined));
}

/** The ids of the tracked players' matches, each once, without the known ones. */
async function newMatchIds(client: UpstreamClient, ouids: Iterable<string>, filter: MatchFilter, known: KnownMatchIds | undefined): Promise<string[]> {
  const lists = await Promise.all([...ouids].map((ouid) => fetchMatchList(client, ouid, filter)));
  const listed = [...new Set(lists.flat().map((entry) => entry.match_id))];
  if (listed.length === 0 || known === undefined) return listed;
  const knownIds = typeof known === 'function' ? await known(listed) : known;
  return listed.filter((matchId) => !knownIds.has(matchId));
}

function byStartThenId(a: MatchDetailResponse, b: MatchDetailResponse): number {
  return Date.parse(a.date_match) - Date.parse(b.date_match) || a.match_id.localeCompare(b.match_id);
}

/** The record as it is, once the contract accepts it; otherwise the upstream data behind it was malformed. */
function checked<R extends IngestRecord>(record: R, matchId: string): R {
  const { type } = record;
  const check = CHECKS[type];
  if (check.Check(record)) return record;
  const first = check.Errors(record)[0];
  throw new UpstreamDataError('/match-detail', `match ${matchId}: ${type} record ${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`);
}

/** Remembers what a run said about each clan and player, so each is said again only when it changed. */
function changeTracker(): (key: string, content: string) => boolean {
  const said = new Map<string, string>();
  return (key, content) => {
    if (said.get(key) === content) return false;
    said.set(key, content);
    return true;
  };
}

async function* readUpstream(client: UpstreamClient, options: UpstreamSourceOptions): AsyncGenerator<IngestRecord> {
  const filter = {
    matchMode: options.matchMode ?? CLAN_MATCH_FILTER.matchMode,
    matchType: options.matchType ?? CLAN_MATCH_FILTER.matchType,
  };
  const ouids = await resolveTrackedPlayers(client, options);
  const matchIds = await newMatchIds(client, ouids.values(), filter, options.knownMatchIds);
  const details = await Promise.all(matchIds.map((matchId) => fetchMatchDetail(client, matchId)));
  details.sort(byStartThenId);

  const conversion = {
    league: options.league,
    playerIdOf(userName: string): string {
      const ouid = ouids.get(userName);
      return ouid === undefined ? playerIdFromName(userName) : playerIdFromOuid(ouid);
    },
  };
  const isChange = changeTracker();
  for (const detail of details) {
    const { clans, players, match } = matchDetailRecords(detail, conversion);
    for (const clan of clans) {
      if (isChange(`clan:${clan.slug}`, clan.name)) yield checked(clan, match.matchId);
    }
    for (const player of players) {
      if (isChange(`player:${player.playerId}`, `${player.nickname}\n${player.clanSlug}`)) yield checked(player, match.matchId);
    }
    yield checked(match, match.matchId);
  }
}

/**
 * The upstream HTTP ingest source: resolves the tracked names to ouids, lists their clan matches, fetches the
 * details of the matches not yet known (each once, as many at a time as the client allows) and yields clan,
 * player and match records in match time order.
 */
export function createUpstreamSource(client: UpstreamClient, options: UpstreamSourceOptions): UpstreamSource {
  return { records: () => readUpstream(client, options) };
}
