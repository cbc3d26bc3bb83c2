import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp, useTestApp } from '../factories/app.js';
import type {
  PlayerLeaguesResponse, PopularSearchResponse, SalMixedResponse,
} from '../../server/contracts/search.js';

const USER_NOT_FOUND = '유저 정보를 찾을 수 없습니다.';

describe('search and home calls', () => {
  const context = useLeagueTestApp();
  /** A player who played in two leagues (clan moves), for the league cards. */
  let traveller: { id: number; enlistment_no: string; nickname: string };

  const get = (url: string) => context.app.inject({ url });
  const log = (payload: Record<string, unknown>) => context.app.inject({ method: 'POST', url: '/api/search/log', payload });

  beforeAll(async () => {
    const { rows } = await context.pool.query<{ id: number; enlistment_no: string; nickname: string }>(
      `SELECT p.id, p.enlistment_no, p.nickname FROM players p JOIN player_stats s ON s.player_id = p.id AND s.matches > 0
       GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1`,
    );
    traveller = rows[0]!;
  });

  describe('player league cards', () => {
    it('lists one card per league played, most recent first, with the figures of that pool', async () => {
      const response = await get(`/api/players/${traveller.enlistment_no}/leagues`);
      expect(response.statusCode).toBe(200);
      const body = response.json<PlayerLeaguesResponse>();
      expect(body.message).toBe('success');
      const { rows: stats } = await context.pool.query(
        `SELECT l.id, l.slug, l.label, s.* FROM player_stats s JOIN leagues l ON l.id = s.league_id
         WHERE s.player_id = $1 AND s.matches > 0 ORDER BY s.last_match_at DESC, l.id`,
        [traveller.id],
      );
      expect(body.data.map((entry) => entry.league.slug)).toEqual(stats.map((row) => row.slug));
      body.data.forEach((entry, index) => {
        const row = stats[index]!;
        expect(entry).toEqual({
          league: { id: row.id, name: row.label, slug: row.slug },
          playerId: traveller.enlistment_no,
          nickname: traveller.nickname,
          rating: row.rating,
          matches: row.matches,
          win: row.wins,
          lose: row.losses,
          draw: row.draws,
          win_rate: Math.round(((row.wins + row.draws / 2) / row.matches) * 1000) / 10,
          kill: row.kills,
          death: row.deaths,
          kd_rate: row.kills + row.deaths === 0 ? null : Math.round((row.kills / (row.kills + row.deaths)) * 1000) / 10,
          placement: row.matches < 20,
          badge: row.matches < 20 ? 'Placement' : 'regular',
        });
      });
    });

    it('finds the player by exact nickname too', async () => {
      const byName = await get(`/api/players/${encodeURIComponent(traveller.nickname)}/leagues`);
      const byNumber = await get(`/api/players/${traveller.enlistment_no}/leagues`);
      expect(byName.statusCode).toBe(200);
      expect(byName.json()).toEqual(byNumber.json());
    });

    it('answers an unknown player with 404 and the spec text', async () => {
      const response = await get('/api/players/99999999999/leagues');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'player_not_found', message: USER_NOT_FOUND });
    });
  });

  describe('player id by name', () => {
    it("answers message 'success' and data.id, the enlistment number", async () => {
      const response = await get(`/api/players/name/${encodeURIComponent(traveller.nickname)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'success',
        data: { id: traveller.enlistment_no, nickname: traveller.nickname },
      });
    });

    it('answers a name nobody has with 404', async () => {
      const response = await get(`/api/players/name/${encodeURIComponent('없는닉네임_xyz')}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'player_not_found', message: USER_NOT_FOUND });
    });
  });

  describe('mixed search', () => {
    it('finds players whose nicknames contain a keyword of 3+ characters, exact and prefix matches first', async () => {
      const { rows } = await context.pool.query<{ fragment: string }>(
        `SELECT substr(nickname, 2, 3) AS fragment FROM players WHERE length(nickname) >= 4 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      );
      const keyword = rows[0]!.fragment;
      const response = await get(`/api/resolve/sal-mixed?keyword=${encodeURIComponent(keyword)}`);
      expect(response.statusCode).toBe(200);
      const { players } = response.json<SalMixedResponse>();
      const lower = keyword.toLowerCase();
      const grade = (name: string) => (name.toLowerCase() === lower ? 0 : name.toLowerCase().startsWith(lower) ? 1 : 2);
      for (const player of players) expect(player.nickname.toLowerCase()).toContain(lower);
      const grades = players.map((player) => grade(player.nickname));
      expect(grades).toEqual([...grades].sort());
      const { rows: count } = await context.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM players WHERE nickname ILIKE $1`,
        [`%${keyword}%`],
      );
      expect(count[0]!.n).toBeGreaterThan(1);
      expect(players.length).toBe(Math.min(20, count[0]!.n));
    });

    it('matches a keyword of 1-2 characters by prefix, whatever its case', async () => {
      const { rows } = await context.pool.query<{ fragment: string }>(
        `SELECT substr(nickname, 1, 2) AS fragment FROM players WHERE nickname ~ '^[A-Za-z]{2}' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      );
      const keyword = rows[0]!.fragment;
      const found = (await get(`/api/resolve/sal-mixed?keyword=${keyword}`)).json<SalMixedResponse>();
      for (const player of found.players) expect(player.nickname.toLowerCase().startsWith(keyword.toLowerCase())).toBe(true);
      const { rows: count } = await context.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM players WHERE nickname ILIKE $1`,
        [`${keyword}%`],
      );
      expect(found.players.length).toBe(Math.min(20, count[0]!.n));
      for (const spelling of [keyword.toUpperCase(), keyword.toLowerCase()]) {
        expect((await get(`/api/resolve/sal-mixed?keyword=${spelling}`)).json()).toEqual(found);
      }
    });

    it('serves the autocomplete form with at most 10 players and 10 clans', async () => {
      // Twenty-five players sharing a name part, so both forms fill up.
      await context.pool.query(
        `INSERT INTO players (enlistment_no, nickname) SELECT '7770000' || lpad(n::text, 3, '0'), '자동완성' || n FROM generate_series(1, 25) AS n`,
      );
      const keyword = encodeURIComponent('동완성');
      const auto = (await get(`/api/resolve/sal-mixed?keyword=${keyword}&form=autocomplete`)).json<SalMixedResponse>();
      const full = (await get(`/api/resolve/sal-mixed?keyword=${keyword}&form=full`)).json<SalMixedResponse>();
      const byDefault = (await get(`/api/resolve/sal-mixed?keyword=${keyword}`)).json<SalMixedResponse>();
      expect(auto.players.length).toBe(10);
      expect(full.players.length).toBe(20);
      expect(full.players.slice(0, 10)).toEqual(auto.players);
      expect(byDefault).toEqual(full);
      expect(auto.clans.length).toBeLessThanOrEqual(10);
    });

    it('finds clans by part of their name, with the league to link to', async () => {
      const { rows } = await context.pool.query<{ slug: string; name: string; league: string }>(
        `SELECT c.slug, c.name, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id
         ORDER BY length(c.name) DESC, c.id LIMIT 1`,
      );
      const clan = rows[0]!;
      const part = clan.name.slice(1, 4);
      expect(part.length).toBe(3);
      const { clans } = (await get(`/api/resolve/sal-mixed?keyword=${encodeURIComponent(part)}`)).json<SalMixedResponse>();
      expect(clans).toContainEqual(expect.objectContaining({ clanSlug: clan.slug, clanName: clan.name, leagueName: clan.league }));
      for (const found of clans) expect(found.clanName.toLowerCase()).toContain(part.toLowerCase());
    });

    it('puts the player with an exact enlistment number first, also from a pasted profile address', async () => {
      const direct = (await get(`/api/resolve/sal-mixed?keyword=${traveller.enlistment_no}`)).json<SalMixedResponse>();
      expect(direct.players[0]).toMatchObject({ playerId: traveller.enlistment_no, nickname: traveller.nickname });
      const address = encodeURIComponent(`https://sa.nexon.com/profile/${traveller.enlistment_no}`);
      const pasted = (await get(`/api/resolve/sal-mixed?keyword=${address}`)).json<SalMixedResponse>();
      expect(pasted.players).toEqual([direct.players[0]]);
    });

    it('names with each player the league its page shows by default, so the result opens those figures', async () => {
      // A player whose clan plays in another league than their latest match (they moved, or their clan did),
      // and the traveller with records in several leagues: whatever the generated league holds, each result's
      // league is the one the summary (the page) picks without a league.
      const { rows } = await context.pool.query<{ enlistment_no: string }>(
        `SELECT p.enlistment_no FROM players p JOIN clans c ON c.id = p.clan_id
         JOIN player_stats s ON s.player_id = p.id AND s.matches > 0
         WHERE s.league_id <> c.league_id ORDER BY p.id LIMIT 3`,
      );
      const ids = [traveller.enlistment_no, ...rows.map((row) => row.enlistment_no)];
      for (const id of ids) {
        const [result] = (await get(`/api/resolve/sal-mixed?keyword=${id}`)).json<SalMixedResponse>().players;
        const summary = (await get(`/api/league/player/${id}/summary`)).json<{ data: { leagueName: string } }>();
        expect(result, id).toMatchObject({ playerId: id, leagueName: summary.data.leagueName });
      }
    });

    it('treats LIKE wildcards as plain characters', async () => {
      const response = await get(`/api/resolve/sal-mixed?keyword=${encodeURIComponent('%_%')}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ players: [], clans: [] });
    });

    it.each(['keyword=', 'keyword=%20%20', 'keyword=abc&form=huge', ''])('rejects %s with 400', async (query) => {
      const response = await get(`/api/resolve/sal-mixed?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBeTypeOf('string');
    });
  });

  describe('search log and popular searches', () => {
    it('keeps searches that found something and lists the most searched of the last week per source, never addresses', async () => {
      const { rows: [clan] } = await context.pool.query<{ name: string }>('SELECT name FROM clans ORDER BY id LIMIT 1');
      const { rows: [player] } = await context.pool.query<{ nickname: string; enlistment_no: string }>(
        'SELECT nickname, enlistment_no FROM players ORDER BY id LIMIT 1');
      for (const [keyword, times] of [[clan!.name, 3], [player!.nickname, 2]] as const) {
        for (let i = 0; i < times; i += 1) {
          const response = await log({ keyword: ` ${keyword} `, mode: 'sal' });
          expect(response.statusCode).toBe(201);
          expect(response.json()).toEqual({ message: 'success', counted: true });
        }
      }
      expect((await log({ keyword: player!.enlistment_no, mode: 'supply' })).json().counted).toBe(true);
      // Searches that found nothing answer 201 like any log (a failure is only logged by the page) but are not kept.
      for (const [keyword, mode] of [['없는이름zzq', 'sal'], ['99999999999999', 'sal'], ['없는이름zzq', 'supply'], ['https://sa.nexon.com/profile/12345', 'sal']]) {
        const response = await log({ keyword, mode });
        expect(response.statusCode, keyword).toBe(201);
        expect(response.json().counted, keyword).toBe(false);
      }
      // Older data: an address logged before addresses were refused, and a search older than the window.
      await context.pool.query(
        `INSERT INTO search_logs (keyword, mode, created_at) VALUES
           ('www.example.com', 'sal', now()), ('www.example.com', 'sal', now()), ('www.example.com', 'sal', now()),
           ('www.example.com', 'sal', now()), ('지난주', 'sal', now() - interval '8 days')`,
      );
      const { rows } = await context.pool.query(`SELECT keyword FROM search_logs WHERE keyword LIKE '%nexon%' OR keyword LIKE '%zzq%' OR keyword LIKE '9999%'`);
      expect(rows).toEqual([]);

      const response = await get('/api/search/popular');
      expect(response.statusCode).toBe(200);
      const popular = response.json<PopularSearchResponse>();
      expect(popular.sal).toEqual([
        { _id: clan!.name, count: 3 },
        { _id: player!.nickname, count: 2 },
      ]);
      expect(popular.supply).toEqual([{ _id: player!.enlistment_no, count: 1 }]);
    });

    it.each([
      { keyword: '', mode: 'sal' },
      { keyword: '   ', mode: 'sal' },
      { keyword: 'x'.repeat(101), mode: 'sal' },
      { keyword: 'ok', mode: 'other' },
      { mode: 'sal' },
    ])('rejects a bad log body with 400: %j', async (payload) => {
      const response = await log(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBeTypeOf('string');
    });
  });
});

describe('popular searches list at most 20', () => {
  const context = useTestApp();

  it('keeps the 20 most searched keywords', async () => {
    await context.db.prisma.$executeRaw`
      INSERT INTO search_logs (keyword, mode) SELECT 'kw' || n, 'sal' FROM generate_series(1, 25) AS n, generate_series(1, n)`;
    const popular = (await context.app.inject({ url: '/api/search/popular' })).json<PopularSearchResponse>();
    expect(popular.sal.map((item) => item._id)).toEqual(Array.from({ length: 20 }, (_unused, index) => `kw${25 - index}`));
    expect(popular.sal[0]!.count).toBe(25);
  });

  it('limits search logging to 30 a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await context.app.inject({ method: 'POST', url: '/api/search/log', payload: { keyword: `k${i}`, mode: 'sal' } })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
