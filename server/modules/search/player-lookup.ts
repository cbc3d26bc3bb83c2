import type { Database } from '../../db/client.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/** Enlistment numbers: 5 to 20 digits (the spec says 5 or more; docs/product/search.md#enlistment-numbers). */
export const ENLISTMENT_NUMBER = /^\d{5,20}$/;

export interface FoundPlayer {
  id: number;
  enlistmentNo: string;
  nickname: string;
}

const SELECT = { id: true, enlistmentNo: true, nickname: true } as const;

/**
 * The player with exactly this nickname. Nicknames are not unique over time (a name freed by a rename can be
 * taken again), so the one seen most recently wins.
 */
export async function findPlayerByNickname(prisma: Database, nickname: string): Promise<FoundPlayer | null> {
  return prisma.player.findFirst({
    where: { nickname },
    orderBy: [{ lastSeenAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
    select: SELECT,
  });
}

/** A player named by enlistment number or, failing that, by exact nickname; null when there is none. */
export async function findPlayer(prisma: Database, idOrNickname: string): Promise<FoundPlayer | null> {
  const key = idOrNickname.trim();
  const byNumber = ENLISTMENT_NUMBER.test(key)
    ? await prisma.player.findUnique({ where: { enlistmentNo: key }, select: SELECT })
    : null;
  return byNumber ?? (await findPlayerByNickname(prisma, key));
}

/** A player named by enlistment number or, failing that, by exact nickname; 404 with the spec's text otherwise. */
export async function requirePlayerByIdOrNickname(prisma: Database, idOrNickname: string): Promise<FoundPlayer> {
  const player = await findPlayer(prisma, idOrNickname);
  if (!player) throw new NotFoundError(serverMessages.userInfoNotFound, 'player_not_found');
  return player;
}
