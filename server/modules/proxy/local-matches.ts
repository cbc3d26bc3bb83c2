import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { ClanRow } from '../league/clan-presenter.js';
import type { LeagueDirectory } from '../league/league-directory.js';
import { proxyDivisionKey } from '../rating/division-key.js';
import type { MatchResult } from '../rating/match-result.js';
import type { DetailMatch } from './match-detail-presenter.js';

const CLAN_SELECT = { slug: true, name: true, markBg: true, markFront: true } as const;

interface RowSql {
  enlistment_no: string;
  nickname: string;
  side: 'blue' | 'red';
  kill: number;
  death: number;
  assist: number;
  headshot: number;
  damage: number;
  damage_percent: number;
  headshot_percent: number;
  weapon: 'rifle' | 'sniper';
  is_mvp: boolean;
  corrected: boolean;
  dropout: boolean;
  result: MatchResult | null;
  rating_before: number | null;
  rating_after: number | null;
}

/**
 * A stored match by its match id, when it belongs to the division the key names (sanply's key is 27, the supply
 * leagues share 'supply'; a league's own slug is accepted too). 404 with the match text otherwise.
 */
export async function loadLocalMatch(prisma: Database, leagues: LeagueDirectory, divisionKey: string, matchId: string): Promise<DetailMatch> {
  const pools = await leagues.requireDivision(divisionKey);
  const match = await prisma.match.findUnique({
    where: { externalId: matchId },
    include: { blueClan: { select: CLAN_SELECT }, redClan: { select: CLAN_SELECT } },
  });
  const league = match ? pools.find((pool) => pool.id === match.leagueId) : undefined;
  if (!match || !league) throw new NotFoundError(serverMessages.matchInfoNotFound, 'match_not_found');
  const rows = await prisma.$queryRaw<RowSql[]>`
    SELECT p.enlistment_no, mp.nickname, mp.side, mp.kill, mp.death, mp.assist, mp.headshot, mp.damage,
           mp.damage_percent, mp.headshot_percent, mp.weapon, mp.is_mvp, mp.corrected, mp.dropout, mp.result,
           mp.rating_before, mp.rating_after
    FROM match_players mp JOIN players p ON p.id = mp.player_id
    WHERE mp.match_id = ${match.id}
    ORDER BY mp.side, mp.kill DESC, p.enlistment_no`;
  const sideClan: Record<'blue' | 'red', ClanRow> = { blue: match.blueClan, red: match.redClan };
  return {
    id: match.externalId,
    divisionKey: proxyDivisionKey(league.slug),
    map: match.map,
    startedAt: match.startedAt,
    playTimeSeconds: match.playTimeSeconds,
    status: match.status,
    winner: match.winner,
    blueScore: match.blueScore,
    redScore: match.redScore,
    blueClan: match.blueClan,
    redClan: match.redClan,
    rows: rows.map((row) => ({
      playerId: row.enlistment_no,
      nickname: row.nickname,
      side: row.side,
      clan: sideClan[row.side],
      kill: row.kill,
      death: row.death,
      assist: row.assist,
      headshot: row.headshot,
      damage: row.damage,
      damagePercent: row.damage_percent,
      headshotPercent: row.headshot_percent,
      weapon: row.weapon,
      isMvp: row.is_mvp,
      corrected: row.corrected,
      dropout: row.dropout,
      result: row.result,
      ratingBefore: row.rating_before,
      ratingAfter: row.rating_after,
    })),
  };
}
