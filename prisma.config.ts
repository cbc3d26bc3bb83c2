import { defineConfig } from 'prisma/config';

// The Prisma CLI is used here only for `prisma generate` (no database needed). Migrations are applied
// by server/db/migrate.ts, because Prisma's schema engine cannot be downloaded on this project's machines.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/unused' },
});
