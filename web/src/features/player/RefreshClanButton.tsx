import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ko } from '../../i18n/ko';
import { RefreshIcon } from '../clan/clan-icons';
import { playerKeys, refreshPlayerClan } from './player-queries';

const t = ko.clanPlayer.player;

/**
 * Refreshes the player's clan join, leave or change information (docs/product/players.md#refresh-clan-button). When the
 * clan changed, the page reloads its figures; a failure is an alert with the error.
 */
export function RefreshClanButton({ playerId, clanSlug }: { playerId: string; clanSlug: string | null }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = useMutation({
    mutationFn: () => refreshPlayerClan(playerId, clanSlug),
    onSuccess: async (response) => {
      setNotice(t.refreshClanDone);
      if (response.data.changed || response.data.reload) {
        await queryClient.invalidateQueries({ queryKey: playerKeys.all });
      }
    },
    onError: (error) => {
      setNotice(null);
      window.alert(t.refreshClanFailed(error.message));
    },
  });
  return (
    <div className="refresh-clan">
      <button type="button" className="button" onClick={() => refresh.mutate()} disabled={refresh.isPending} aria-busy={refresh.isPending}>
        <RefreshIcon className={refresh.isPending ? 'spin' : undefined} />
        {refresh.isPending ? t.refreshingClan : t.refreshClan}
      </button>
      <span className="refresh-clan__notice muted" role="status">{notice}</span>
    </div>
  );
}
