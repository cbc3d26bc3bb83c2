import { apiRequest } from '../../../api/client';
import type { ProxyMatchDetailResponse, ProxyMatchPlayer } from '../api-types';
import { lineFigures } from './match-adapters';
import { detailQuery, matchKeys, type MatchDetailQuery } from './match-queries';
import type { MatchDetailView, MatchOutcome, MatchPlayerView, MatchTeamView, TeamSide } from './match-view';

type ProxyMatch = ProxyMatchDetailResponse['data'];

function playerFromProxy(row: ProxyMatchPlayer): MatchPlayerView {
  return {
    playerId: row.player.id,
    nickname: row.player.name,
    clanSlug: row.player.clan?.slug ?? null,
    clanName: row.player.clan?.name ?? null,
    ...lineFigures(row),
    ratingChange: row.rating_update,
  };
}

function sideResult(winner: ProxyMatch['result_team'], side: TeamSide): MatchOutcome | null {
  if (!winner) return null;
  if (winner === 'draw') return 'draw';
  return winner === side ? 'win' : 'lose';
}

/** A proxy match detail as the team tables show it. */
export function matchDetailFromProxy(data: ProxyMatch): MatchDetailView {
  if (data.status === 'recording' || (data.blue.length === 0 && data.red.length === 0)) return { recording: true, teams: null };
  const team = (side: TeamSide): MatchTeamView => {
    const clan = side === 'blue' ? data.blue_clan : data.red_clan;
    return {
      side,
      clan: { name: clan.name, slug: clan.slug, markBg: clan.mark_bg, markFront: clan.mark_front },
      result: sideResult(data.result_team, side),
      score: data.scores?.[side === 'blue' ? 0 : 1] ?? null,
      players: (side === 'blue' ? data.blue : data.red).map(playerFromProxy),
    };
  };
  return { recording: false, teams: [team('blue'), team('red')] };
}

/** GET /api/proxy/match-detail/{divisionKey}/{matchId}; the division key comes with each list row. */
export function proxyMatchDetailQuery(divisionKeyOf: (matchId: string) => string): MatchDetailQuery {
  return (matchId) => {
    const divisionKey = divisionKeyOf(matchId);
    return detailQuery(matchKeys.proxyDetail(divisionKey, matchId), async (signal) => {
      const response = await apiRequest<ProxyMatchDetailResponse>(
        `/api/proxy/match-detail/${encodeURIComponent(divisionKey)}/${encodeURIComponent(matchId)}`, { signal });
      return matchDetailFromProxy(response.data);
    });
  };
}
