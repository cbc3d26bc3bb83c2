import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureLeagues } from '../../server/db/seed.js';
import { SnapshotHub } from '../../server/modules/stats-core/league-snapshots.js';
import { handClock } from '../helpers/hand-clock.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The league snapshots and the data version (docs/caching.md): a snapshot is rebuilt when ingest wrote in its league
 * since it was built, and, with league refreshes paced, not more often than once an interval, as the answers showing
 * it are refreshed.
 */
describe('league snapshots', () => {
  let db: TestDatabase;
  let leagueId: number;
  let otherLeagueId: number;
  let clanId: number;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    await ensureLeagues(db.prisma);
    const [league, other] = await db.prisma.league.findMany({ orderBy: { id: 'asc' }, take: 2 });
    leagueId = league!.id;
    otherLeagueId = other!.id;
    const clan = await db.prisma.clan.create({ data: { slug: 'snapshot-clan', name: 'snapshot-clan', leagueId } });
    clanId = clan.id;
    await db.prisma.ingestState.create({ data: { clanId, updatedAt: new Date('2026-01-01T00:00:00Z') } });
  });
  afterAll(async () => {
    await db.drop();
  });

  /** Ingest wrote in the league: its clan's ingest state moves on. */
  const writeInLeague = () => db.prisma.$executeRaw`UPDATE ingest_states SET updated_at = updated_at + interval '1 second' WHERE clan_id = ${clanId}`;

  /** A hub with one kind of snapshot that counts its builds. */
  function snapshots(leagueRefreshMs: number) {
    const clock = handClock();
    const hub = new SnapshotHub(db.prisma, { leagueRefreshMs, now: clock.now });
    let builds = 0;
    const kind = hub.kind(async () => (builds += 1));
    // A change heard in another league reads the versions again at the next get, without waiting for their second.
    const readVersionsAgain = () => hub.invalidate([otherLeagueId]);
    return { clock, hub, kind, builds: () => builds, readVersionsAgain };
  }

  it('rebuilds a snapshot once ingest wrote in its league, and drops it on a change heard there', async () => {
    const { hub, kind, builds, readVersionsAgain } = snapshots(0);
    await kind.get(leagueId);
    await kind.get(leagueId);
    expect(builds()).toBe(1);
    await writeInLeague();
    readVersionsAgain();
    await kind.get(leagueId);
    expect(builds()).toBe(2);
    hub.invalidate([leagueId]);
    await kind.get(leagueId);
    expect(builds()).toBe(3);
  });

  it('with paced refreshes, keeps a snapshot younger than the interval whose version moved, and rebuilds it after', async () => {
    const { clock, kind, builds, readVersionsAgain } = snapshots(10_000);
    await kind.get(leagueId);
    await writeInLeague();
    readVersionsAgain();
    clock.advance(9_999);
    await kind.get(leagueId);
    expect(builds()).toBe(1);
    clock.advance(1);
    await kind.get(leagueId);
    expect(builds()).toBe(2);
    // Kept again while the version stays where it is, whatever its age.
    clock.advance(60_000 - 1);
    readVersionsAgain();
    await kind.get(leagueId);
    expect(builds()).toBe(2);
  });
});
