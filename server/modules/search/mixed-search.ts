import type { MixedClan, MixedPlayer, SalMixedForm, SalMixedResponse } from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { classifySearchKeyword } from '@shared/rules/search-keyword.js';
import { clanMarkUrls } from '../stats-core/clan-presenter.js';
import { PLAYER_CLAN_COLUMNS, playerClanOf, type PlayerClanSqlRow } from '../stats-core/player-clan-row.js';
import { DEFAULT_LEAGUE } from '../stats-core/league-catalog.js';
import { defaultPlayerLeagueId } from '../stats-core/league-context.js';
import type { LeagueDirectory } from '../stats-core/league-directory.js';

/**
 * Results per list (docs/product/search.md#mixed-search-results): autocomplete 10 players and 10 clans, a full search
 * 20 and 20.
 */
export const MIXED_LIMITS: Record<SalMixedForm, number> = { autocomplete: 10, full: 20 };

interface PlayerSqlRow extends PlayerClanSqlRow {
  id: number;
  clan_league_id: number | null;
}

interface ClanSqlRow {
  slug: string;
  name: string;
  mark_bg: string | null;
  mark_front: string | null;
  league_slug: string;
}

/** The trigram indexes need three characters; shorter keywords match by prefix through the btree indexes. */
const TRIGRAM_MIN_LENGTH = 3;

/** `text` as a literal inside a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Every upper/lower-case spelling of a short keyword ('ab' -> ab, aB, Ab, AB; Korean has one). */
function caseVariants(keyword: string): string[] {
  let variants = [''];
  for (const character of keyword) {
    const spellings = new Set([character.toLowerCase(), character.toUpperCase()]);
    variants = variants.flatMap((prefix) => [...spellings].map((spelling) => prefix + spelling));
  }
  return variants;
}

/**
 * Rows whose `column` matches the keyword, case-insensitively: contains it (trigram index) from three
 * characters on; starts with it (a btree range per case spelling: LIKE is case-sensitive) below that.
 */
function nameMatches(column: Prisma.Sql, keyword: string): Prisma.Sql {
  const literal = likeLiteral(keyword);
  if (keyword.length >= TRIGRAM_MIN_LENGTH) return Prisma.sql`${column} ILIKE ${`%${literal}%`}`;
  const prefixes = caseVariants(literal).map((variant) => Prisma.sql`${column} LIKE ${`${variant}%`}`);
  return Prisma.sql`(${Prisma.join(prefixes, ' OR ')})`;
}

/** Exact name first, then names starting with the keyword, then the rest; shorter names first in each group. */
function nameOrder(column: Prisma.Sql, keyword: string): Prisma.Sql {
  return Prisma.sql`CASE WHEN lower(${column}) = lower(${keyword}) THEN 0
    WHEN ${column} ILIKE ${`${likeLiteral(keyword)}%`} THEN 1 ELSE 2 END, length(${column}), ${column}`;
}

const PLAYER_COLUMNS = Prisma.sql`p.id, c.league_id AS clan_league_id, ${PLAYER_CLAN_COLUMNS}`;

function presentPlayer(row: PlayerSqlRow, leagueName: string): MixedPlayer {
  const clan = playerClanOf(row);
  return {
    playerId: row.enlistment_no,
    nickname: row.nickname,
    clanName: clan?.name ?? null,
    clanSlug: clan?.slug ?? null,
    ...(clan ? clanMarkUrls(clan) : { mark_bg: null, mark_front: null }),
    leagueName,
  };
}

/**
 * The players as results, each with the league its page shows by default (the league context rule), so the
 * result names that league and its link opens those figures: one read of the players' kept league figures.
 */
async function presentPlayers(prisma: Database, leagues: LeagueDirectory, rows: PlayerSqlRow[]): Promise<MixedPlayer[]> {
  if (rows.length === 0) return [];
  const played = await prisma.$queryRaw<{ player_id: number; league_id: number }[]>`
    SELECT player_id, league_id FROM player_stats
    WHERE player_id = ANY(${rows.map((row) => row.id)}) AND matches > 0
    ORDER BY last_match_at DESC NULLS LAST`;
  const fallback = await leagues.require(DEFAULT_LEAGUE);
  return Promise.all(rows.map(async (row) => {
    const playedIds = played.filter((entry) => entry.player_id === row.id).map((entry) => entry.league_id);
    const leagueId = defaultPlayerLeagueId(row.clan_league_id ?? undefined, playedIds, fallback.id);
    return presentPlayer(row, (await leagues.byId(leagueId))?.slug ?? fallback.slug);
  }));
}

/** The player with this exact enlistment number, if any. */
async function playerByNumber(prisma: Database, number: string): Promise<PlayerSqlRow[]> {
  return prisma.$queryRaw<PlayerSqlRow[]>`
    SELECT ${PLAYER_COLUMNS}
    FROM players p LEFT JOIN clans c ON c.id = p.clan_id
    WHERE p.enlistment_no = ${number}`;
}

/** Players whose nickname matches the keyword, best matches first. */
async function playersByName(prisma: Database, keyword: string, limit: number): Promise<PlayerSqlRow[]> {
  const nickname = Prisma.sql`p.nickname`;
  return prisma.$queryRaw<PlayerSqlRow[]>`
    SELECT ${PLAYER_COLUMNS}
    FROM players p LEFT JOIN clans c ON c.id = p.clan_id
    WHERE ${nameMatches(nickname, keyword)}
    ORDER BY ${nameOrder(nickname, keyword)}, p.id
    LIMIT ${limit}`;
}

/** Clans whose name matches the keyword, in the same order as players. */
async function clansByName(prisma: Database, keyword: string, limit: number): Promise<MixedClan[]> {
  const name = Prisma.sql`c.name`;
  const rows = await prisma.$queryRaw<ClanSqlRow[]>`
    SELECT c.slug, c.name, c.mark_bg, c.mark_front, l.slug AS league_slug
    FROM clans c JOIN leagues l ON l.id = c.league_id
    WHERE ${nameMatches(name, keyword)}
    ORDER BY ${nameOrder(name, keyword)}, c.id
    LIMIT ${limit}`;
  return rows.map((row) => ({
    clanSlug: row.slug,
    clanName: row.name,
    leagueName: row.league_slug,
    ...clanMarkUrls({ slug: row.slug, markBg: row.mark_bg, markFront: row.mark_front }),
  }));
}

/**
 * Whether a SAL search for `input` finds anything: an enlistment number (typed, or taken from an address) finds
 * its player, which the page opens straight away; a name finds a player or a clan (one row is enough to know).
 */
export async function mixedSearchFinds(prisma: Database, input: string): Promise<boolean> {
  const keyword = classifySearchKeyword(input);
  if (keyword.kind === 'empty' || keyword.kind === 'urlWithoutNumber') return false;
  if (keyword.kind !== 'text') return (await playerByNumber(prisma, keyword.number)).length > 0;
  const [players, clans] = await Promise.all([playersByName(prisma, keyword.keyword, 1), clansByName(prisma, keyword.keyword, 1)]);
  return players.length + clans.length > 0;
}

/**
 * The mixed search (docs/product/search.md#full-search): players and clans for one keyword. An enlistment number (5+
 * digits, or the first run of 5+ digits of a pasted profile address) puts that player first. Names match by part from
 * three characters on and by prefix below that, every match read through an index.
 */
export async function searchMixed(prisma: Database, leagues: LeagueDirectory, input: string, form: SalMixedForm): Promise<SalMixedResponse> {
  const limit = MIXED_LIMITS[form];
  const keyword = classifySearchKeyword(input);
  if (keyword.kind === 'empty' || keyword.kind === 'urlWithoutNumber') return { players: [], clans: [] };
  if (keyword.kind === 'urlWithNumber') {
    return { players: await presentPlayers(prisma, leagues, await playerByNumber(prisma, keyword.number)), clans: [] };
  }
  const text = keyword.kind === 'enlistmentNumber' ? keyword.number : keyword.keyword;
  const [exact, named, clans] = await Promise.all([
    keyword.kind === 'enlistmentNumber' ? playerByNumber(prisma, keyword.number) : Promise.resolve([]),
    playersByName(prisma, text, limit),
    clansByName(prisma, text, limit),
  ]);
  const exactIds = new Set(exact.map((row) => row.enlistment_no));
  const players = [...exact, ...named.filter((row) => !exactIds.has(row.enlistment_no))].slice(0, limit);
  return { players: await presentPlayers(prisma, leagues, players), clans };
}
