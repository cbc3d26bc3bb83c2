import type { Database } from '../../db/client.js';

/** How many players each of the clans belongs to now (the clan list's member column); a clan without any: absent. */
export async function loadMemberCounts(prisma: Database, clanIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await prisma.$queryRaw<Array<{ clan_id: number; members: number }>>`
    SELECT clan_id, count(*)::int AS members FROM players WHERE clan_id = ANY(${[...clanIds]}::int[]) GROUP BY clan_id`;
  return new Map(rows.map((row) => [row.clan_id, row.members]));
}
