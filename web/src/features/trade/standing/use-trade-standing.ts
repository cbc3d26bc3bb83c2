import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../../stores/session';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import { onTradeEvent } from '../live/trade-socket';

/**
 * The signed-in member's standing for trading (a verified e-mail; a restriction with its reason and end). Read
 * once per visit and replaced at once when the live push says an admin changed it, so a restriction shows on the
 * open page without a reload. Undefined while loading or for a visitor.
 */
export function useTradeStanding() {
  const signedIn = useSessionStore((state) => state.token !== null);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: tradeKeys.standing(), queryFn: tradeApi.standing, enabled: signedIn, staleTime: 60_000 });
  useEffect(() => onTradeEvent('trade:standing', (standing) => queryClient.setQueryData(tradeKeys.standing(), standing)), [queryClient]);
  return signedIn ? query.data : undefined;
}
