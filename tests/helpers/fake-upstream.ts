import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MatchDetailResponse, MatchListEntry } from '../../server/modules/game-api/open-api-types.js';

/** A player the fake upstream knows: GET /id answers the ouid of the name. */
export interface FakePlayer {
  ouid: string;
  userName: string;
}

/** One way to misbehave for one request. */
export type FakeFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'drop' }
  | { kind: 'body'; body: string };

export interface FakeUpstreamOptions {
  /** The key requests must carry in x-nxopen-api-key. */
  apiKey: string;
  /** Added to every answer, so concurrent requests overlap (default 0). */
  latencyMs?: number;
  /** How a wrong or missing key is refused: 403 (default) or 400 with the invalid-key error name. */
  wrongKeyStatus?: 400 | 403;
}

export interface FakeUpstream {
  /** Base URL, e.g. http://127.0.0.1:40123/suddenattack/v1 */
  url: string;
  addPlayer(player: FakePlayer): void;
  /** Adds a match; GET /match lists it for every player named in its rows. */
  addMatch(detail: MatchDetailResponse): void;
  /** The next `count` requests (to `path` only, when given) misbehave this way, after any faults queued before. */
  injectFault(fault: FakeFault, options?: { count?: number; path?: string }): void;
  /** Requests received for a path such as '/match-detail', or in all when no path is given. */
  requestCount(path?: string): number;
  /** The most requests ever in flight at once. */
  maxConcurrent(): number;
  close(): Promise<void>;
}

const BASE_PATH = '/suddenattack/v1';

/** Open API style error bodies. */
const ERRORS = {
  forbidden: { name: 'OPENAPI00002', message: 'Forbidden' },
  invalidKey: { name: 'OPENAPI00005', message: 'Please input valid api key' },
  invalidParameter: { name: 'OPENAPI00004', message: 'Please input valid parameter' },
  invalidPath: { name: 'OPENAPI00006', message: 'Please input valid game or API PATH' },
  tooMany: { name: 'OPENAPI00007', message: 'Too many requests' },
  server: { name: 'OPENAPI00001', message: 'Internal server error' },
} as const;

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

/** The /match entry of a match as one of its players sees it. */
function listEntry(detail: MatchDetailResponse, userName: string): MatchListEntry | undefined {
  const row = detail.match_detail.find((candidate) => candidate.user_name === userName);
  if (!row) return undefined;
  const { match_id, match_type, match_mode, date_match } = detail;
  return { match_id, match_type, match_mode, date_match, match_result: row.match_result, kill: row.kill, death: row.death, assist: row.assist };
}

/** Starts a local fake of the game's Open API (GET /id, /match, /match-detail) on 127.0.0.1 and a free port. */
export async function startFakeUpstream(options: FakeUpstreamOptions): Promise<FakeUpstream> {
  const players = new Map<string, FakePlayer>();
  const matches = new Map<string, MatchDetailResponse>();
  const faults: Array<{ fault: FakeFault; path?: string }> = [];
  const counts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let maxInFlight = 0;

  function later(ms: number, action: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, ms);
    timers.add(timer);
  }

  function takeFault(path: string): FakeFault | undefined {
    const index = faults.findIndex((entry) => entry.path === undefined || entry.path === path);
    return index < 0 ? undefined : faults.splice(index, 1)[0]!.fault;
  }

  /** The answer of the Open API itself, fault-free: [status, body]. */
  function answer(path: string, query: URLSearchParams, apiKey: string | undefined): [number, unknown] {
    if (apiKey !== options.apiKey) {
      return options.wrongKeyStatus === 400 ? [400, { error: ERRORS.invalidKey }] : [403, { error: ERRORS.forbidden }];
    }
    if (path === '/id') {
      const player = [...players.values()].find((candidate) => candidate.userName === query.get('user_name'));
      return player ? [200, { ouid: player.ouid }] : [404, { error: ERRORS.invalidParameter }];
    }
    if (path === '/match') {
      const player = players.get(query.get('ouid') ?? '');
      if (!player) return [404, { error: ERRORS.invalidParameter }];
      const mode = query.get('match_mode');
      const type = query.get('match_type');
      const listed = [...matches.values()]
        .filter((detail) => (mode === null || detail.match_mode === mode) && (type === null || detail.match_type === type))
        .map((detail) => listEntry(detail, player.userName))
        .filter((entry) => entry !== undefined)
        .sort((a, b) => Date.parse(b.date_match) - Date.parse(a.date_match));
      return [200, { match: listed }];
    }
    if (path === '/match-detail') {
      const detail = matches.get(query.get('match_id') ?? '');
      return detail ? [200, detail] : [404, { error: ERRORS.invalidParameter }];
    }
    return [400, { error: ERRORS.invalidPath }];
  }

  function respond(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams): void {
    const fault = takeFault(path);
    if (fault?.kind === 'drop') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      sendJson(response, fault.status, { error: fault.status === 429 ? ERRORS.tooMany : ERRORS.server }, headers);
      return;
    }
    const delay = (options.latencyMs ?? 0) + (fault?.kind === 'delay' ? fault.ms : 0);
    later(delay, () => {
      if (fault?.kind === 'body') {
        if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(fault.body);
        return;
      }
      const apiKey = request.headers['x-nxopen-api-key'];
      const [status, body] = answer(path, query, typeof apiKey === 'string' ? apiKey : undefined);
      sendJson(response, status, body);
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = url.pathname.startsWith(BASE_PATH) ? url.pathname.slice(BASE_PATH.length) : url.pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    respond(request, response, path, url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${BASE_PATH}`,
    addPlayer(player) {
      players.set(player.ouid, player);
    },
    addMatch(detail) {
      matches.set(detail.match_id, detail);
    },
    injectFault(fault, { count = 1, path } = {}) {
      for (let i = 0; i < count; i += 1) faults.push({ fault, path });
    },
    requestCount(path) {
      return path === undefined ? [...counts.values()].reduce((sum, count) => sum + count, 0) : counts.get(path) ?? 0;
    },
    maxConcurrent() {
      return maxInFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
