import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { ClanRow } from '../stats-core/clan-presenter.js';
import type { LeagueDirectory } from '../stats-core/league-directory.js';
import { loadPlayerSideRows } from '../stats-core/match-bundles.js';
import { proxyDivisionKey } from '../rating/division-key.js';
import type { DetailMatch } from './match-detail-presenter.js';

const CLAN_SELECT = { slug: true, name: true, markBg: true, markFront: true } as const;

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
  const rows = (await loadPlayerSideRows(prisma, [match.id])).get(match.id) ?? [];
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
    rows: rows.map(({ playerInternalId: _internal, clanId: _clan, ...row }) => ({ ...row, clan: sideClan[row.side] })),
  };
}
