import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { ko } from '../../../i18n/ko';
import { DETAIL_RETRY_ATTEMPTS } from '../../../lib/detail-retry';
import { detailRetryDelay, type MatchDetailQuery } from './match-queries';
import type { MatchPlayerView } from './match-view';
import { TeamTable } from './TeamTable';

const t = ko.clanPlayer.match;

/** The server's text for a failed detail, else the fallback (docs/product/clans.md#match-details). */
function detailErrorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return t.detailFailed;
}

interface MatchDetailPanelProps {
  matchId: string;
  query: MatchDetailQuery;
  league: string;
  showHeadshots: boolean;
  isHighlighted?: (player: MatchPlayerView) => boolean;
}

/**
 * The expanded part of a match: blue and red team tables. Shows 'recording...' until the players arrive and asks again
 * while recording (docs/product/clans.md#detail-retry-while-recording); once the five attempts are used up it says the
 * record is not finished and offers to ask again, instead of spinning on. Errors stay inside the card.
 */
export function MatchDetailPanel({ matchId, query, league, showHeadshots, isHighlighted = () => false }: MatchDetailPanelProps) {
  const options = query(matchId);
  const detail = useQuery({ ...options, refetchInterval: detailRetryDelay });
  // Read on every render, so each answer re-renders the panel even when it says the same as the last one.
  const { isFetching, dataUpdatedAt } = detail;
  // How many answers came (the observer does not say; the query's state does): after the sixth, asking stops.
  const answers = useQueryClient().getQueryState(options.queryKey)?.dataUpdateCount ?? 0;

  if (detail.isPending) return <p className="match-detail__state" role="status">{t.recording}</p>;
  if (detail.isError) return <p className="match-detail__state match-detail__state--error" role="alert">{detailErrorText(detail.error)}</p>;
  if (detail.data.recording || !detail.data.teams) {
    if (answers > DETAIL_RETRY_ATTEMPTS && dataUpdatedAt > 0 && !isFetching) {
      return (
        <p className="match-detail__state" role="status" data-testid="match-recording-stuck">
          {t.recordingStuck}{' '}
          <button type="button" className="button button--ghost" onClick={() => void detail.refetch()}>{t.retryDetail}</button>
        </p>
      );
    }
    return <p className="match-detail__state" role="status" data-testid="match-recording">{t.recording}</p>;
  }
  const teams = detail.data.teams;
  const maxDamage = Math.max(0, ...teams.flatMap((team) => team.players.map((player) => player.damage ?? 0)));
  return (
    <div className="match-detail" data-testid="match-detail">
      {teams.map((team) => (
        <TeamTable key={team.side} team={team} league={league} maxDamage={maxDamage} showHeadshots={showHeadshots}
          isHighlighted={isHighlighted} />
      ))}
    </div>
  );
}
