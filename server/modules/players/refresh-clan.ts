import type { RefreshClanData } from '../../contracts/players.js';
import type { Database } from '../../db/client.js';
import { ConflictError, TooManyRequestsError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import {
  IngestLockBusyError, PLAYER_REFRESH_INTERVAL_SECONDS, refreshPlayerClan, type PlayerClanSource,
} from '../ingest/ingest-api.js';
import { loadClansById, presentClan } from '../stats-core/clan-directory.js';
import type { PlayerIdentity } from './player-lookup.js';

/**
 * POST refresh-clan: ingest re-reads the player's clan and records a move (one refresh per player per interval,
 * 429 otherwise; 409 while an ingest batch holds the data); the answer names the clans before and after, and
 * whether the page showing `pageSlug` is out of date.
 */
export async function refreshClanOfPlayer(
  prisma: Database,
  source: PlayerClanSource,
  player: PlayerIdentity,
  pageSlug: string | null,
): Promise<RefreshClanData> {
  const outcome = await refreshPlayerClan(prisma, source, player).catch((error: unknown) => {
    if (error instanceof IngestLockBusyError) throw new ConflictError(serverMessages.clanRefreshIngestRunning, 'ingest_running');
    throw error;
  });
  if (!('action' in outcome)) {
    throw new TooManyRequestsError(serverMessages.clanRefreshTooSoon(outcome.waitSeconds), outcome.waitSeconds, 'refresh_too_soon');
  }
  const clans = await loadClansById(prisma, [outcome.fromClanId, outcome.toClanId].filter((id) => id !== null));
  const previous = outcome.fromClanId === null ? undefined : clans.get(outcome.fromClanId);
  const current = outcome.toClanId === null ? undefined : clans.get(outcome.toClanId);
  return {
    playerId: player.enlistmentNo,
    changed: outcome.action !== null,
    action: outcome.action,
    previous: previous ? presentClan(previous) : null,
    clan: current ? presentClan(current) : null,
    clanSlug: current?.slug ?? null,
    reload: (pageSlug || null) !== (current?.slug ?? null),
    checkedAt: outcome.checkedAt.toISOString(),
    nextRefreshAt: new Date(outcome.checkedAt.getTime() + PLAYER_REFRESH_INTERVAL_SECONDS * 1000).toISOString(),
  };
}
