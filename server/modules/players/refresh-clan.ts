import type pg from 'pg';
import type { RefreshClanData } from '../../contracts/players.js';
import type { Database, Transaction } from '../../db/client.js';
import { ConflictError, TooManyRequestsError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { loadClansById, presentClan } from '../stats-core/clan-directory.js';
import { announceLeagueDataChanged } from '../ingest/data-changes.js';
import { INGEST_LOCK_KEY } from '../ingest/ingest-lock.js';
import { claimRefreshSlot, REFRESH_SLOTS } from '../ingest/refresh-slot.js';
import type { PlayerClanSource } from './clan-source.js';
import type { PlayerIdentity } from './player-lookup.js';

/** One refresh per player per this many seconds, counted in the database so it holds across processes. */
export const REFRESH_INTERVAL_SECONDS = 60;
/** How long a refresh waits for a running ingest batch before answering 409. */
const INGEST_WAIT = '3s';

/**
 * Clears the cached public answers (summary, members, clan pages) in this process at once and in the others
 * through NOTIFY, as ingest does after it commits; the announcement only needs a `query` to send NOTIFY with.
 */
function announceChange(prisma: Database): Promise<void> {
  const notifier = { query: (text: string) => prisma.$executeRawUnsafe(text) };
  return announceLeagueDataChanged(notifier as unknown as pg.ClientBase);
}

type MembershipAction = 'join' | 'leave' | 'change';

function membershipAction(fromClanId: number | null, toClanId: number | null): MembershipAction {
  if (fromClanId === null) return 'join';
  if (toClanId === null) return 'leave';
  return 'change';
}

/** Claims this player's refresh slot, or 429 with the seconds until the next one. */
async function claimPlayerSlot(tx: Transaction, playerId: number): Promise<Date> {
  const claim = await claimRefreshSlot(tx, REFRESH_SLOTS.playerClan, playerId, REFRESH_INTERVAL_SECONDS);
  if (claim.claimed) return claim.at;
  throw new TooManyRequestsError(serverMessages.clanRefreshTooSoon(claim.waitSeconds), claim.waitSeconds, 'refresh_too_soon');
}

/** Waits briefly for the ingest lock (held for the transaction), so an ingest batch never overwrites the change. */
async function holdIngestLock(tx: Transaction): Promise<void> {
  await tx.$executeRaw`SELECT set_config('lock_timeout', ${INGEST_WAIT}, true)`;
  try {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${INGEST_LOCK_KEY}::bigint)`;
  } catch (error) {
    // 55P03 lock_not_available: the wait ran out while an ingest batch held the lock.
    if (!/55P03|lock timeout/i.test(String((error as { message?: unknown }).message ?? error))) throw error;
    throw new ConflictError(serverMessages.clanRefreshIngestRunning, 'ingest_running');
  }
}

/**
 * POST refresh-clan: re-reads the player's clan from the source and, when it names another clan than the stored
 * one and is newer than the stored membership, moves the player and records the join, leave or change in the
 * clan history. One transaction under the ingest lock; one refresh per player per minute (429 otherwise).
 */
export async function refreshPlayerClan(
  prisma: Database,
  source: PlayerClanSource,
  player: PlayerIdentity,
  pageSlug: string | null,
): Promise<RefreshClanData> {
  const outcome = await prisma.$transaction(async (tx) => {
    await holdIngestLock(tx);
    const checkedAt = await claimPlayerSlot(tx, player.id);
    const [stored] = await tx.$queryRaw<{ clan_id: number | null; clan_joined_at: Date | null }[]>`
      SELECT clan_id, clan_joined_at FROM players WHERE id = ${player.id} FOR UPDATE`;
    const fromClanId = stored?.clan_id ?? null;
    const reading = await source.readClan(player, tx);
    const toClanId = reading?.clanSlug
      ? (await tx.$queryRaw<{ id: number }[]>`SELECT id FROM clans WHERE slug = ${reading.clanSlug}`)[0]?.id
      : null;
    const unchanged = { checkedAt, fromClanId, toClanId: fromClanId, action: null };
    // Older news than the stored membership changes nothing; a clan the source names but this site does not
    // know yet is left to ingest, which creates clans.
    if (!reading || (stored?.clan_joined_at && reading.at <= stored.clan_joined_at)) return unchanged;
    if (toClanId === undefined || toClanId === fromClanId) return unchanged;
    const action = membershipAction(fromClanId, toClanId);
    await tx.$executeRaw`
      UPDATE players SET clan_id = ${toClanId}, clan_joined_at = ${reading.at}, updated_at = now() WHERE id = ${player.id}`;
    await tx.$executeRaw`
      INSERT INTO membership_events (player_id, action, from_clan_id, to_clan_id, at)
      VALUES (${player.id}, ${action}::membership_action, ${fromClanId}, ${toClanId}, ${reading.at})`;
    return { checkedAt, fromClanId, toClanId, action };
  });
  if (outcome.action !== null) await announceChange(prisma);

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
    nextRefreshAt: new Date(outcome.checkedAt.getTime() + REFRESH_INTERVAL_SECONDS * 1000).toISOString(),
  };
}
