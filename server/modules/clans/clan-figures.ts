import type { Database } from '../../db/client.js';
import type { RecordAggregate } from '../ingest/rating-state.js';
import { KEPT_RECORD_COLUMNS } from '../league/kept-record-columns.js';
import type { LeagueInfo } from '../league/league-directory.js';
import { compareStandings } from '../rating/standings-sort.js';
import type { ClanIdentity } from './clan-refs.js';

/** A clan's figures in one league as ingest keeps them (clan_stats). */
export interface ClanFigures extends RecordAggregate {
  updatedAt: Date;
}

/** The clan's kept figures in a league (primary key); null before its first match there. */
export async function loadClanFigures(prisma: Database, clanId: number, leagueId: number): Promise<ClanFigures | null> {
  const rows = await prisma.$queryRaw<ClanFigures[]>`
    SELECT ${KEPT_RECORD_COLUMNS}, updated_at AS "updatedAt"
    FROM clan_stats WHERE clan_id = ${clanId} AND league_id = ${leagueId}`;
  return rows[0] ?? null;
}

/** Whether ingest is working on the clan and when it last did (ingest_states). */
export async function loadIngestState(prisma: Database, clanId: number): Promise<{ running: boolean; updatedAt: Date | null }> {
  const rows = await prisma.$queryRaw<{ running: boolean; updated_at: Date }[]>`
    SELECT running, updated_at FROM ingest_states WHERE clan_id = ${clanId}`;
  return { running: rows[0]?.running ?? false, updatedAt: rows[0]?.updated_at ?? null };
}

/**
 * The clan's place in the league's standings (the order of spec §9 the league tables use: clans with matches
 * first, score desc, total matches desc, name) and how many clans the standings hold (the clans playing in the
 * league now). Rank is null for a clan without a match in the league or no longer playing in it. Counted on the
 * (league, rating) index: only clans rated above and the few tied ones are read.
 */
export async function loadClanRank(
  prisma: Database,
  clan: ClanIdentity,
  league: LeagueInfo,
  figures: ClanFigures | null,
): Promise<{ rank: number | null; total: number }> {
  const [counted] = await prisma.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM clans WHERE league_id = ${league.id}`;
  const total = counted?.total ?? 0;
  if (!figures || figures.matches === 0 || clan.leagueId !== league.id) return { rank: null, total };
  const [[above], ties] = await Promise.all([
    prisma.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM clan_stats s JOIN clans c ON c.id = s.clan_id
      WHERE s.league_id = ${league.id} AND s.rating > ${figures.rating} AND c.league_id = ${league.id}`,
    prisma.$queryRaw<{ name: string; matches: number }[]>`
      SELECT c.name, s.matches FROM clan_stats s JOIN clans c ON c.id = s.clan_id
      WHERE s.league_id = ${league.id} AND s.rating = ${figures.rating} AND c.league_id = ${league.id}
        AND s.clan_id <> ${clan.id}`,
  ]);
  const self = { clanName: clan.name, score: figures.rating, totalMatches: figures.matches };
  const tiedAhead = ties.filter(
    (tie) => compareStandings({ clanName: tie.name, score: figures.rating, totalMatches: tie.matches }, self) < 0,
  ).length;
  return { rank: 1 + (above?.count ?? 0) + tiedAhead, total };
}
