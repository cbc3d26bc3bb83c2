import type { AdminPlayer } from '../../contracts/admin-users.js';
import type { Database } from '../../db/client.js';

const playerSelect = {
  enlistmentNo: true,
  nickname: true,
  lastSeenAt: true,
  clan: { select: { slug: true } },
} as const;

type PlayerRow = { enlistmentNo: string; nickname: string; lastSeenAt: Date | null; clan: { slug: string } | null };

function presentPlayer(row: PlayerRow): AdminPlayer {
  return {
    playerId: row.enlistmentNo,
    nickname: row.nickname,
    clanSlug: row.clan?.slug ?? null,
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  };
}

/** The players seen most recently (players.last_seen_at index, read backwards); never-seen players are left out. */
export async function recentPlayers(prisma: Database, limit: number): Promise<AdminPlayer[]> {
  const rows = await prisma.player.findMany({
    where: { lastSeenAt: { not: null } },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: playerSelect,
  });
  return rows.map(presentPlayer);
}

/** A clan and its current players, most recently seen first (never seen last, then by nickname); null: no clan. */
export async function clanPlayers(prisma: Database, clanSlug: string): Promise<{ clan: { slug: string; name: string }; items: AdminPlayer[] } | null> {
  const clan = await prisma.clan.findUnique({ where: { slug: clanSlug }, select: { id: true, slug: true, name: true } });
  if (!clan) return null;
  const rows = await prisma.player.findMany({
    where: { clanId: clan.id },
    orderBy: [{ lastSeenAt: { sort: 'desc', nulls: 'last' } }, { nickname: 'asc' }, { id: 'asc' }],
    select: playerSelect,
  });
  return { clan: { slug: clan.slug, name: clan.name }, items: rows.map(presentPlayer) };
}
