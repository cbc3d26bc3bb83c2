import type { Transaction } from '../../db/client.js';
import type { MembershipAction } from '../../db/generated/enums.js';

/** What moving a player from one clan (or none) to another (or none) is called in the clan history. */
export function membershipAction(from: number | null, to: number | null): MembershipAction {
  if (from === null) return 'join';
  if (to === null) return 'leave';
  return 'change';
}

/**
 * Moves one player to another clan (or none) as of `at`, and records the join, leave or change in the clan
 * history, inside the caller's transaction (which holds the ingest lock). Returns what the move was.
 */
export async function movePlayerClan(
  tx: Transaction,
  move: { playerId: number; fromClanId: number | null; toClanId: number | null; at: Date },
): Promise<MembershipAction> {
  const action = membershipAction(move.fromClanId, move.toClanId);
  await tx.$executeRaw`
    UPDATE players SET clan_id = ${move.toClanId}, clan_joined_at = ${move.at}, updated_at = now() WHERE id = ${move.playerId}`;
  await tx.$executeRaw`
    INSERT INTO membership_events (player_id, action, from_clan_id, to_clan_id, at)
    VALUES (${move.playerId}, ${action}::membership_action, ${move.fromClanId}, ${move.toClanId}, ${move.at})`;
  return action;
}
