import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UPSTREAM_AUTH_MESSAGE } from '../../server/modules/game-api/upstream-errors.js';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.js';
import { generateLeague } from '../../server/modules/ingest/simulated/league-generator.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { clanMatch, roster } from '../unit/upstream/open-api-fixture.js';

const run = promisify(execFile);
const API_KEY = 'test-app-id';

describe('npm run ingest -- --source upstream', () => {
  let db: TestDatabase;
  let fake: FakeUpstream;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    fake = await startFakeUpstream({ apiKey: API_KEY });
    fake.addPlayer({ ouid: 'ouid-raven-1', userName: 'raven1' });
    const raven = roster('Royal Raven', 'raven');
    const white = roster('하얀저격단', 'white');
    fake.addMatch(clanMatch({ id: 'up-1', at: '2026-11-20T10:00:00.000Z', winner: 'blue', blue: raven, red: white }));
    fake.addMatch(clanMatch({ id: 'up-2', at: '2026-11-20T11:00:00.000Z', winner: 'red', blue: white, red: raven }));
  });
  afterAll(async () => {
    await fake.close();
    await db.drop();
  });

  const ingest = (env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'server/modules/ingest/cli/ingest.ts', '--source', 'upstream'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: '/tmp/sal-test-data', DATABASE_URL: db.url, UPSTREAM_API_BASE: fake.url, ...env },
    });

  it('imports the tracked players\' clan matches, and a second run finds nothing new', async () => {
    const first = await ingest({ UPSTREAM_API_KEY: API_KEY, UPSTREAM_TRACKED_PLAYERS: 'raven1' });
    expect(first.stdout).toContain('2 matches read (2 new');
    const stored = await db.prisma.match.findMany({ select: { externalId: true, status: true }, orderBy: { externalId: 'asc' } });
    expect(stored).toEqual([
      { externalId: 'up-1', status: 'complete' },
      { externalId: 'up-2', status: 'complete' },
    ]);
    expect(await db.prisma.clan.count()).toBe(2);

    const detailsBefore = fake.requestCount('/match-detail');
    const second = await ingest({ UPSTREAM_API_KEY: API_KEY, UPSTREAM_TRACKED_PLAYERS: 'raven1' });
    expect(second.stdout).toContain('0 matches read');
    expect(fake.requestCount('/match-detail')).toBe(detailsBefore);
  });

  it('ends with the spec\'s app-id message when the key is refused', async () => {
    const failure = await ingest({ UPSTREAM_API_KEY: 'wrong-key', UPSTREAM_TRACKED_PLAYERS: 'raven1' }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { code: number }).code).toBe(1);
    expect((failure as { stderr: string }).stderr.trim()).toBe(`Failed: ${UPSTREAM_AUTH_MESSAGE}`);
  });

  it('asks for the tracked players when none are set', async () => {
    const failure = await ingest({ UPSTREAM_API_KEY: API_KEY }).catch((error: { code: number; stderr: string }) => error);
    expect((failure as { stderr: string }).stderr).toContain('UPSTREAM_TRACKED_PLAYERS');
  });
});

describe('npm run ingest -- --file x.ndjson', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
  });
  afterAll(() => db.drop());

  it('imports the file with a progress bar by the share of the file read, then a summary; again, nothing new', async () => {
    const records = [...generateLeague({ seed: 'cli-file', players: 400, clans: 16, matches: 1200, days: 20 })];
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'sal-cli-')), 'league.ndjson');
    await writeFile(file, `${records.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: '/tmp/sal-test-data', DATABASE_URL: db.url };
    const args = ['--import', 'tsx', 'server/modules/ingest/cli/ingest.ts', '--file', file];

    const first = await run(process.execPath, args, { env });
    expect(first.stdout).toMatch(/^1200 matches read \(1200 new, 0 changed, 0 unchanged\), \d+ players, 16 clans in [\d.]+ s/);
    const bars = first.stderr.trim().split('\n');
    expect(bars.at(-1)).toMatch(/^matches \[#{30}\] 100% 1,200 \(/);
    expect(await db.prisma.match.count()).toBe(1200);

    const second = await run(process.execPath, args, { env });
    expect(second.stdout).toMatch(/^1200 matches read \(0 new, 0 changed, 1200 unchanged\), 0 players, 0 clans/);
  });
});
