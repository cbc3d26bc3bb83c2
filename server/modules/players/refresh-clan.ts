import type { RefreshClanData } from '../../contracts/players.js';
import { ConflictError, TooManyRequestsError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import {
  IngestLockBusyError, PLAYER_REFRESH_INTERVAL_SECONDS, refreshPlayerClan, type Announce, type PlayerClanSource,
} from '../ingest/ingest-api.js';
import { presentClan } from '../stats-core/clan-directory.js';
import type { StatsCore } from '../stats-core/stats-core.js';
import type { PlayerIdentity } from './player-lookup.js';

/**
 * POST refresh-clan: ingest re-reads the player's clan and records a move (one refresh per player per interval,
 * 429 otherwise; 409 while an ingest batch holds the data); the answer names the clans before and after, and
 * whether the page showing `pageSlug` is out of date.
 */
export async function refreshClanOfPlayer(
  core: StatsCore,
  source: PlayerClanSource,
  player: PlayerIdentity,
  pageSlug: string | null,
  announce: Announce,
): Promise<RefreshClanData> {
  const outcome = await refreshPlayerClan(core.prisma, source, player, announce).catch((error: unknown) => {
    if (error instanceof IngestLockBusyError) throw new ConflictError(serverMessages.clanRefreshIngestRunning, 'ingest_running');
    throw error;
  });
  if (!('action' in outcome)) {
    throw new TooManyRequestsError(serverMessages.clanRefreshTooSoon(outcome.waitSeconds), outcome.waitSeconds, 'refresh_too_soon');
  }
  const clans = await core.clans.byIds([outcome.fromClanId, outcome.toClanId].filter((id) => id !== null));
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
