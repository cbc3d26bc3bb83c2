import { describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import { announceWriteOfEverything } from '../helpers/league-app.js';
import type { LeagueClanRow, LeagueSummaryEntry, StandingRow } from '../../server/contracts/league.js';

const LEAGUE_UNKNOWN = '존재하지 않는 리그입니다.';

interface ClanFigures {
  slug: string;
  name: string;
  rating: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  members: number;
  running: boolean | null;
  updated_at: Date | null;
}

describe('league tables', () => {
  const context = useLeagueTestApp();

  /** Every clan of a division as the database holds it (1000 and no matches before its first match there). */
  async function clansOf(leagueSlug: string): Promise<Map<string, ClanFigures>> {
    const { rows } = await context.pool.query<ClanFigures>(
      `SELECT c.slug, c.name, COALESCE(s.rating, 1000) AS rating, COALESCE(s.matches, 0) AS matches,
              COALESCE(s.wins, 0) AS wins, COALESCE(s.losses, 0) AS losses, COALESCE(s.draws, 0) AS draws,
              (SELECT count(*) FROM players p WHERE p.clan_id = c.id)::int AS members, i.running, i.updated_at
       FROM clans c JOIN leagues l ON l.id = c.league_id
       LEFT JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = l.id
       LEFT JOIN ingest_states i ON i.clan_id = c.id
       WHERE l.slug = $1`,
      [leagueSlug],
    );
    return new Map(rows.map((row) => [row.slug, row]));
  }

  const winRate = (clan: ClanFigures) =>
    clan.matches === 0 ? null : Math.round(((clan.wins + clan.draws / 2) / clan.matches) * 1000) / 10;

  /** Rows are in the spec's standings order: clans with matches first, score desc, total matches desc, name. */
  function expectStandingsOrder(rows: Array<{ score: number; totalMatches: number; name: string }>) {
    for (let index = 1; index < rows.length; index += 1) {
      const [a, b] = [rows[index - 1]!, rows[index]!];
      if ((a.totalMatches > 0) !== (b.totalMatches > 0)) {
        expect(a.totalMatches).toBeGreaterThan(0);
      } else if (a.score !== b.score) {
        expect(a.score).toBeGreaterThan(b.score);
      } else if (a.totalMatches !== b.totalMatches) {
        expect(a.totalMatches).toBeGreaterThan(b.totalMatches);
      } else {
        expect(a.name.localeCompare(b.name, 'ko')).toBeLessThanOrEqual(0);
      }
    }
  }


  it('serves the sal-beginner standings: every clan of the division once, sorted, ranked, with its figures', async () => {
    const response = await context.app.inject({ url: '/api/league/sal-beginner/standings' });
    expect(response.statusCode).toBe(200);
    const rows = response.json<StandingRow[]>();
    const clans = await clansOf('sal-beginner');
    expect(rows.length).toBe(clans.size);
    expect(new Set(rows.map((row) => row.clanSlug)).size).toBe(rows.length);
    expect(rows.map((row) => row.rank)).toEqual(rows.map((_row, index) => index + 1));
    expectStandingsOrder(rows.map((row) => ({ ...row, name: row.clanName })));
    expect(rows.some((row) => row.totalMatches > 0)).toBe(true);

    for (const row of rows) {
      const clan = clans.get(row.clanSlug)!;
      expect(row).toMatchObject({
        _id: clan.slug,
        clanName: clan.name,
        leagueName: 'sal-beginner',
        score: clan.rating,
        wins: clan.wins,
        losses: clan.losses,
        draws: clan.draws,
        totalMatches: clan.matches,
        winRate: winRate(clan),
        placement: clan.matches >= 1 && clan.matches <= 19,
        ingest: { running: clan.running ?? false, updatedAt: clan.updated_at?.toISOString() ?? null },
        updatedAt: clan.updated_at?.toISOString() ?? null,
      });
      expect(row.mark_bg).toMatch(/^\/clan-logos\/.+\.png$/);
    }
  });

  it('gives the home clan Top 5 as the first five standings rows', async () => {
    const all = (await context.app.inject({ url: '/api/league/sal-beginner/standings' })).json<StandingRow[]>();
    const top = await context.app.inject({ url: '/api/league/sal-beginner/standings?limit=5' });
    expect(top.statusCode).toBe(200);
    expect(top.json()).toEqual(all.slice(0, 5));
  });

  it("shows a clan's ingest state as ingest left it (running, updated at)", async () => {
    const { rows } = await context.pool.query<{ slug: string }>(
      `SELECT c.slug FROM clans c JOIN leagues l ON l.id = c.league_id WHERE l.slug = 'sal-beginner' ORDER BY c.slug LIMIT 1`,
    );
    const slug = rows[0]!.slug;
    const updatedAt = new Date('2026-11-01T12:34:56.789Z');
    await context.pool.query(
      `INSERT INTO ingest_states (clan_id, running, updated_at) SELECT id, true, $2 FROM clans WHERE slug = $1
       ON CONFLICT (clan_id) DO UPDATE SET running = true, updated_at = $2`,
      [slug, updatedAt],
    );
    await announceWriteOfEverything(context);

    const standings = (await context.app.inject({ url: '/api/league/sal-beginner/standings' })).json<StandingRow[]>();
    const row = standings.find((candidate) => candidate.clanSlug === slug)!;
    expect(row.ingest).toEqual({ running: true, updatedAt: updatedAt.toISOString() });
    expect(row.updatedAt).toBe(updatedAt.toISOString());
  });

  it.each(['supply-1', 'supply-2', 'sanply'])('serves the %s division table', async (slug) => {
    const response = await context.app.inject({ url: `/api/league-summary/${slug}` });
    expect(response.statusCode).toBe(200);
    const entries = response.json<LeagueSummaryEntry[]>();
    const clans = await clansOf(slug);
    expect(entries.length).toBe(clans.size);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.rank)).toEqual(entries.map((_entry, index) => index + 1));
    expectStandingsOrder(entries.map((entry) => ({ score: entry.rating, totalMatches: entry.matches, name: entry.clan.name })));
    for (const entry of entries) {
      const clan = clans.get(entry.clan.slug)!;
      expect(entry).toMatchObject({
        clan: { id: clan.slug, slug: clan.slug, name: clan.name },
        rating: clan.rating,
        win: clan.wins,
        lose: clan.losses,
        draw: clan.draws,
        win_rate: winRate(clan),
      });
    }
  });

  it('serves the league clan list with member counts', async () => {
    const response = await context.app.inject({ url: '/api/league/supply-1/clans' });
    expect(response.statusCode).toBe(200);
    const rows = response.json<LeagueClanRow[]>();
    const clans = await clansOf('supply-1');
    expect(rows.length).toBe(clans.size);
    expectStandingsOrder(rows.map((row) => ({ ...row, name: row.clanName })));
    expect(rows.some((row) => row.memberCount > 0)).toBe(true);
    for (const row of rows) {
      const clan = clans.get(row.clanSlug)!;
      expect(row).toMatchObject({
        clanName: clan.name,
        memberCount: clan.members,
        totalMatches: clan.matches,
        score: clan.rating,
        winRate: winRate(clan),
      });
    }
  });

  it.each([
    '/api/league/no-such-league/standings',
    '/api/league/no-such-league/clans',
    '/api/league-summary/no-such-league',
  ])('answers an unknown league with 400 and the league text: %s', async (url) => {
    const response = await context.app.inject({ url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'unknown_league', message: LEAGUE_UNKNOWN });
  });

  it('rejects a standings limit below 1 with 400', async () => {
    const response = await context.app.inject({ url: '/api/league/sal-beginner/standings?limit=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTypeOf('string');
  });

  it('documents every statistics call of this area with its response shape in the OpenAPI page', async () => {
    const document = (await context.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>();
    const calls: Array<[string, string]> = [
      ['get', '/api/players/{id}/leagues'], ['get', '/api/players/name/{name}'], ['post', '/api/search/log'],
      ['get', '/api/resolve/sal-mixed'], ['get', '/api/search/popular'], ['get', '/api/sal/user/ranking'],
      ['get', '/api/sal/user/ranking/position/{playerId}'], ['get', '/api/league-summary/{leagueSlug}'],
      ['get', '/api/league/{leagueName}/standings'], ['get', '/api/league/{leagueName}/clans'],
      ['get', '/api/proxy/clan-detail/{division}/{clanId}'], ['get', '/api/proxy/clan-matches/{leagueClanId}'],
      ['get', '/api/proxy/match-detail/{divisionKey}/{matchId}'], ['get', '/api/proxy/player-detail/{division}/{playerId}'],
      ['get', '/api/proxy/player-rank/{division}'],
    ];
    for (const [method, path] of calls) {
      const responses = document.paths[path]?.[method]?.responses;
      expect(responses, `${method} ${path}`).toBeDefined();
      expect(responses![method === 'post' ? '201' : '200'], `${method} ${path}`).toBeDefined();
    }
  });
});
