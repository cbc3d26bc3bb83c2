import type { Database } from '../../db/client.js';
import type { MembershipAction } from '../../db/generated/enums.js';
import { EVERYTHING, type Announce } from './data-changes.js';
import { dropKeptPages } from '../stats-core/kept-match-pages.js';
import { holdIngestLock } from './ingest-lock.js';
import { movePlayerClan } from './membership.js';
import type { PlayerClanSource, RefreshedPlayer } from './player-clan-source.js';
import { claimRefreshSlot, REFRESH_SLOTS } from './refresh-slot.js';

/** One refresh per player per this many seconds, counted in the database so it holds across processes. */
export const PLAYER_REFRESH_INTERVAL_SECONDS = 60;
/** How long a refresh waits for a running ingest batch (IngestLockBusyError after). */
const INGEST_WAIT_MS = 3000;

export interface PlayerClanRefresh {
  /** When this refresh was made (the next may come PLAYER_REFRESH_INTERVAL_SECONDS later). */
  checkedAt: Date;
  fromClanId: number | null;
  toClanId: number | null;
  /** The move recorded; null when the source said nothing newer or nothing else. */
  action: MembershipAction | null;
}

/** Null, or the seconds until the next refresh of the player may come. */
export type RefreshRefusal = { waitSeconds: number };

/**
 * Re-reads a player's clan from the source and, when it names another clan than the stored one and is newer than
 * the stored membership, moves the player and records the join, leave or change. One transaction under the ingest
 * lock (IngestLockBusyError when a batch holds it for long); one refresh per player per interval (the refusal
 * says how long to wait). A move is announced as a change of everything: the player is listed with their clan on
 * pages of every league (rankings, other clans' match rosters), and a move is rare.
 */
export async function refreshPlayerClan(
  prisma: Database,
  source: PlayerClanSource,
  player: RefreshedPlayer,
  announce: Announce,
): Promise<PlayerClanRefresh | RefreshRefusal> {
  const outcome = await prisma.$transaction(async (tx): Promise<PlayerClanRefresh | RefreshRefusal> => {
    await holdIngestLock(tx, INGEST_WAIT_MS);
    const claim = await claimRefreshSlot(tx, REFRESH_SLOTS.playerClan, player.id, PLAYER_REFRESH_INTERVAL_SECONDS);
    if (!claim.claimed) return { waitSeconds: claim.waitSeconds };
    const checkedAt = claim.at;
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
    const action = await movePlayerClan(tx, { playerId: player.id, fromClanId, toClanId, at: reading.at });
    // The player's page reads its league from the clan (the league context rule): their kept pages go, and the
    // kept members lists of the clans they left and joined.
    const clanIds = [fromClanId, toClanId].filter((id): id is number => id !== null);
    await dropKeptPages((sql, params) => tx.$executeRawUnsafe(sql, ...params), { everything: false, clanIds, playerIds: [player.id] });
    return { checkedAt, fromClanId, toClanId, action };
  });
  if ('action' in outcome && outcome.action !== null) await announce(EVERYTHING);
  return outcome;
}
