import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';
import { insertMember } from '../factories/members.js';

const run = promisify(execFile);

interface CommandFailure {
  code: number;
  stderr: string;
}

describe('npm run admin:grant -- <email>', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
  });
  afterAll(() => db.drop());

  const grant = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'server/db/cli/admin-grant.ts', ...args], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: '/tmp/sal-test-data', DATABASE_URL: db.url },
    });
  const failureOf = (args: string[]) => grant(...args).then(() => null, (error: CommandFailure) => error);
  const roleOf = async (id: string) => (await db.prisma.user.findUniqueOrThrow({ where: { id } })).role;

  it('gives a member the admin role, and says so when run again', async () => {
    const member = await insertMember(db.prisma);
    const first = await grant(member.email);
    expect(first.stdout.trim()).toBe(`${member.email} is now an admin.`);
    expect(await roleOf(member.id)).toBe('admin');
    const second = await grant(member.email);
    expect(second.stdout.trim()).toBe(`${member.email} was already an admin.`);
    expect(await roleOf(member.id)).toBe('admin');
  });

  it('ends with exit 1 and a message for an unknown e-mail, a deleted member or no e-mail at all', async () => {
    const unknown = await failureOf(['nobody@example.kr']);
    expect(unknown?.code).toBe(1);
    expect(unknown?.stderr).toContain('No member with the e-mail nobody@example.kr');

    const gone = await insertMember(db.prisma);
    await db.prisma.user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    expect((await failureOf([gone.email]))?.code).toBe(1);
    expect(await roleOf(gone.id)).toBe('user');

    const usage = await failureOf([]);
    expect(usage?.code).toBe(1);
    expect(usage?.stderr).toContain('Usage: npm run admin:grant -- <email>');
  });
});
