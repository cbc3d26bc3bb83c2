import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { buildApp } from '../../server/app.js';
import type { ClanDetailResponse, ClanRefreshResponse } from '../../server/contracts/clans.js';
import type { ClanMatchesResponse } from '../../server/contracts/matches.js';
import type { RefreshClanResponse } from '../../server/contracts/players.js';
import { ensureLeagues } from '../../server/db/seed.js';
import { INGEST_LOCK_KEY } from '../../server/modules/ingest/ingest-lock.js';
import { IngestWriter } from '../../server/modules/ingest/ingest-writer.js';
import { UpstreamClient } from '../../server/modules/game-api/upstream-client.js';
import { UPSTREAM_AUTH_MESSAGE } from '../../server/modules/game-api/upstream-errors.js';
import { clanSlugOf, playerIdFromName, playerIdFromOuid } from '../../server/modules/game-api/upstream-ids.js';
import { createUpstreamSource } from '../../server/modules/ingest/upstream-source.js';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.js';
import { testConfig } from '../helpers/test-app.js';
import { clanMatch, roster } from '../unit/upstream/open-api-fixture.js';

const API_KEY = 'fake-app-id';
const RAVEN = 'Royal Raven';
const WHITE = '하얀저격단';

/**
 * The refresh calls with the game's Open API configured (UPSTREAM_API_BASE + UPSTREAM_API_KEY), against the local
 * fake of it. The site's data came from the upstream ingest source, as `npm run ingest -- --source upstream` makes it.
 */
describe('refresh calls asking a configured upstream', () => {
  let upstream: FakeUpstream;
  beforeAll(async () => {
    upstream = await startFakeUpstream({ apiKey: API_KEY });
  });
  afterAll(() => upstream.close());

  const context = useTestApp(() => ({ UPSTREAM_API_BASE: upstream.url, UPSTREAM_API_KEY: API_KEY }));
  let pool: pg.Pool;

  /** Ingests what the upstream lists for these tracked names, as the ingest CLI does. */
  async function ingestFromUpstream(trackedPlayers: string[]) {
    const client = new UpstreamClient({ baseUrl: upstream.url, apiKey: API_KEY });
    return IngestWriter.run(pool, createUpstreamSource(client, { trackedPlayers, league: 'sal-beginner' }).records());
  }

  beforeAll(async () => {
    await ensureLeagues(context.db.prisma);
    pool = new pg.Pool({ connectionString: context.db.url, max: 3 });
    upstream.addPlayer({ ouid: 'ouid-raven-1', userName: 'raven1' });
    upstream.addMatch(clanMatch({ id: 'up-1', at: '2026-11-20T10:00:00.000Z', winner: 'blue', blue: roster(RAVEN, 'raven'), red: roster(WHITE, 'white') }));
    await ingestFromUpstream(['raven1']);
  });
  afterAll(() => pool.end());

  describe('POST /api/league/{league}/clan/{clanSlug}/refresh (record update)', () => {
    const ravenSlug = clanSlugOf(RAVEN);
    const refreshUrl = `/api/league/sal-beginner/clan/${ravenSlug}/refresh`;
    const refreshClan = (app = context.app) => app.inject({ method: 'POST', url: refreshUrl });
    const clanDetail = async () =>
      (await context.app.inject({ url: `/api/league/sal-beginner/clan-detail/${ravenSlug}` })).json<ClanDetailResponse>().data;

    it('fetches the clan\'s new matches through ingest, showing the clan as updating meanwhile', async () => {
      const raven = roster(RAVEN, 'raven');
      raven.players[0] = { name: 'raven1', kill: 15 };
      upstream.addMatch(clanMatch({ id: 'up-3', at: '2026-11-20T12:00:00.000Z', winner: 'blue', blue: raven, red: roster(WHITE, 'white') }));
      upstream.injectFault({ kind: 'delay', ms: 700 }, { path: '/match-detail' });

      const pending = refreshClan();
      await expect.poll(async () => (await clanDetail()).ingest.running, { timeout: 5000, interval: 50 }).toBe(true);
      const response = await pending;
      expect(response.statusCode).toBe(200);
      const { data } = response.json<ClanRefreshResponse>();
      expect(data).toMatchObject({ clanSlug: ravenSlug, refreshed: true, reason: null, newMatches: 1 });
      expect(Date.parse(data.nextRefreshAt!) - Date.now()).toBeGreaterThan(50_000);

      const after = await clanDetail();
      expect(after.ingest.running).toBe(false);
      expect(after.renewed_at).toBe(data.updatedAt);
      const matches = (await context.app.inject({ url: `/api/league/sal-beginner/clan-matches/${ravenSlug}?limit=10&onlySAL=1` })).json<ClanMatchesResponse>();
      expect(matches.data[0]).toMatchObject({ matchId: 'up-3', result: 'win', myClanNo: ravenSlug });
    });

    it('asks the upstream at most once a minute per clan, across server processes, and says the records are fresh', async () => {
      const before = upstream.requestCount();
      const again = (await refreshClan()).json<ClanRefreshResponse>().data;
      expect(again).toMatchObject({ refreshed: false, reason: 'recently_refreshed', newMatches: 0 });
      const otherProcess = await buildApp({ config: context.config, prisma: context.db.prisma, databaseUrl: context.db.url, logger: false });
      try {
        expect((await refreshClan(otherProcess)).json<ClanRefreshResponse>().data.reason).toBe('recently_refreshed');
      } finally {
        await otherProcess.close();
      }
      expect(upstream.requestCount()).toBe(before);

      // A minute later (moved back in the table) the upstream is asked again; nothing new there.
      await pool.query(`UPDATE clan_record_refreshes SET refreshed_at = refreshed_at - interval '61 seconds'`);
      const checked = (await refreshClan()).json<ClanRefreshResponse>().data;
      expect(checked).toMatchObject({ refreshed: false, reason: 'no_new_matches', newMatches: 0 });
      expect(upstream.requestCount()).toBeGreaterThan(before);
      expect(Date.now() - Date.parse(checked.updatedAt!)).toBeLessThan(10_000);
    });

    it('answers 409 while another ingest run holds the data, without using up the refresh', async () => {
      await pool.query(`UPDATE clan_record_refreshes SET refreshed_at = refreshed_at - interval '61 seconds'`);
      const holder = await pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [INGEST_LOCK_KEY]);
        const busy = await refreshClan();
        expect(busy.statusCode).toBe(409);
        expect(busy.json().error).toBe('ingest_running');
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [INGEST_LOCK_KEY]);
        holder.release();
      }
      expect((await clanDetail()).ingest.running).toBe(false);
      expect((await refreshClan()).json<ClanRefreshResponse>().data.reason).toBe('no_new_matches');
    });
  });

  describe('POST /api/league/player/{playerId}/refresh-clan', () => {
    const refresh = (playerId: string, slug: string | null, app = context.app) =>
      app.inject({ method: 'POST', url: `/api/league/player/${playerId}/refresh-clan`, payload: { slug } });

    it('asks the upstream for the clan of the player\'s newest match and records the change', async () => {
      // raven1 has since played a clan match for the other clan (stored from up-1); the site has not ingested it, so
      // only the upstream can tell.
      const white = roster(WHITE, 'white');
      white.players[0] = { name: 'raven1' };
      upstream.addMatch(clanMatch({ id: 'up-2', at: '2026-11-21T10:00:00.000Z', winner: 'red', blue: roster('Third Clan', 'third'), red: white }));
      const asked = { id: upstream.requestCount('/id'), list: upstream.requestCount('/match'), detail: upstream.requestCount('/match-detail') };

      const response = await refresh(playerIdFromOuid('ouid-raven-1'), clanSlugOf(RAVEN));
      expect(response.statusCode).toBe(200);
      expect(response.json<RefreshClanResponse>().data).toMatchObject({
        changed: true, action: 'change', clanSlug: clanSlugOf(WHITE), previous: { slug: clanSlugOf(RAVEN) }, reload: true,
      });
      expect({
        id: upstream.requestCount('/id') - asked.id,
        list: upstream.requestCount('/match') - asked.list,
        detail: upstream.requestCount('/match-detail') - asked.detail,
      }).toEqual({ id: 1, list: 1, detail: 1 });
      const { rows } = await pool.query(
        `SELECT e.action, e.at FROM membership_events e JOIN players p ON p.id = e.player_id
         WHERE p.enlistment_no = $1 ORDER BY e.id DESC LIMIT 1`,
        [playerIdFromOuid('ouid-raven-1')],
      );
      expect(rows[0]).toEqual({ action: 'change', at: new Date('2026-11-21T10:00:00.000Z') });
    });

    it('changes nothing for a player the upstream does not know by name', async () => {
      // raven2 is stored (met in a tracked player's match) but the upstream's /id does not know the name.
      const response = await refresh(playerIdFromName('raven2'), clanSlugOf(RAVEN));
      expect(response.statusCode).toBe(200);
      expect(response.json<RefreshClanResponse>().data).toMatchObject({ changed: false, action: null, clanSlug: clanSlugOf(RAVEN) });
    });

    it('answers 403 with the app-id text when the upstream refuses the key, without using up the refresh', async () => {
      const refused = await buildApp({
        config: testConfig({ UPSTREAM_API_BASE: upstream.url, UPSTREAM_API_KEY: 'wrong-key' }),
        prisma: context.db.prisma, databaseUrl: context.db.url, logger: false,
      });
      try {
        const response = await refresh(playerIdFromName('raven3'), null, refused);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: 'upstream_auth', message: UPSTREAM_AUTH_MESSAGE });
      } finally {
        await refused.close();
      }
      expect((await refresh(playerIdFromName('raven3'), clanSlugOf(RAVEN))).statusCode).toBe(200);
    });
  });
});
