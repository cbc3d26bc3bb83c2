import { runDatabaseCommand } from './run-cli.js';

// `npm run db:migrate`: opening the database applies every pending migration (see bootstrap.ts).
await runDatabaseCommand(async () => {
  console.log('migrations are current');
});
