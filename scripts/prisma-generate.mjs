// Generates the Prisma client into server/db/generated without any download.
// `prisma generate` never runs the schema engine, but the CLI tries to fetch it unless
// PRISMA_SCHEMA_ENGINE_BINARY names a path; any existing file will do (see ARCHITECTURE.md).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const result = spawnSync(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
