import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';

export type Database = PrismaClient;

/** A Prisma client over node-postgres (the driver adapter: no query-engine binary to download). */
export function createPrismaClient(databaseUrl: string, poolSize = 10): Database {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize }) });
}
