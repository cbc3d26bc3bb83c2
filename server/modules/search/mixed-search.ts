import type { MixedClan, MixedPlayer, SalMixedForm, SalMixedResponse } from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { classifySearchKeyword } from '../../../web/src/lib/search-keyword.js';
import { clanMarkUrls } from '../league/clan-presenter.js';

/** Results per list (spec §9): autocomplete 10 players and 10 clans, a full search 20 and 20. */
export const MIXED_LIMITS: Record<SalMixedForm, number> = { autocomplete: 10, full: 20 };

interface PlayerSqlRow {
  enlistment_no: string;
  nickname: string;
  clan_slug: string | null;
  clan_name: string | null;
  mark_bg: string | null;
  mark_front: string | null;
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

function presentPlayer(row: PlayerSqlRow): MixedPlayer {
  const clan = row.clan_slug === null
    ? null
    : { slug: row.clan_slug, name: row.clan_name ?? row.clan_slug, markBg: row.mark_bg, markFront: row.mark_front };
  return {
    playerId: row.enlistment_no,
    nickname: row.nickname,
    clanName: clan?.name ?? null,
    clanSlug: clan?.slug ?? null,
    ...(clan ? clanMarkUrls(clan) : { mark_bg: null, mark_front: null }),
  };
}

/** The player with this exact enlistment number, if any. */
async function playerByNumber(prisma: Database, number: string): Promise<PlayerSqlRow[]> {
  return prisma.$queryRaw<PlayerSqlRow[]>`
    SELECT p.enlistment_no, p.nickname, c.slug AS clan_slug, c.name AS clan_name, c.mark_bg, c.mark_front
    FROM players p LEFT JOIN clans c ON c.id = p.clan_id
    WHERE p.enlistment_no = ${number}`;
}

/** Players whose nickname matches the keyword, best matches first. */
async function playersByName(prisma: Database, keyword: string, limit: number): Promise<PlayerSqlRow[]> {
  const nickname = Prisma.sql`p.nickname`;
  return prisma.$queryRaw<PlayerSqlRow[]>`
    SELECT p.enlistment_no, p.nickname, c.slug AS clan_slug, c.name AS clan_name, c.mark_bg, c.mark_front
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
 * The mixed search (spec §2 Search): players and clans for one keyword. An enlistment number (5+ digits, or the
 * first run of 5+ digits of a pasted profile address) puts that player first. Names match by part from three
 * characters on and by prefix below that, every match read through an index.
 */
export async function searchMixed(prisma: Database, input: string, form: SalMixedForm): Promise<SalMixedResponse> {
  const limit = MIXED_LIMITS[form];
  const keyword = classifySearchKeyword(input);
  if (keyword.kind === 'empty' || keyword.kind === 'urlWithoutNumber') return { players: [], clans: [] };
  if (keyword.kind === 'urlWithNumber') {
    return { players: (await playerByNumber(prisma, keyword.number)).map(presentPlayer), clans: [] };
  }
  const text = keyword.kind === 'enlistmentNumber' ? keyword.number : keyword.keyword;
  const [exact, named, clans] = await Promise.all([
    keyword.kind === 'enlistmentNumber' ? playerByNumber(prisma, keyword.number) : Promise.resolve([]),
    playersByName(prisma, text, limit),
    clansByName(prisma, text, limit),
  ]);
  const exactIds = new Set(exact.map((row) => row.enlistment_no));
  const players = [...exact, ...named.filter((row) => !exactIds.has(row.enlistment_no))].slice(0, limit);
  return { players: players.map(presentPlayer), clans };
}
