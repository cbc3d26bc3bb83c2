import { useQuery } from '@tanstack/react-query';
import { RatingHistoryPanel } from '../clan/ClanSections';
import { playerRatingHistoryQuery } from './player-queries';

/**
 * A player's rating history chart (beyond the spec) on any reading: `league` is the league slug whose pool to
 * draw (reading 2 passes its division's league), or null for the league the server picks (reading 1).
 */
export function PlayerRatingHistory({ playerId, league }: { playerId: string; league: string | null }) {
  const history = useQuery({ ...playerRatingHistoryQuery(playerId, league), select: (response) => response.data.history, retry: false });
  return <RatingHistoryPanel history={history} storageKey="player.ratingHistory" />;
}
