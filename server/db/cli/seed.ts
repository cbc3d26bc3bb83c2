import { ConfigError } from '../../config.js';
import { isDatabaseEmpty, seedDemoData } from '../seed.js';
import { runDatabaseCommand } from './run-cli.js';

// `npm run db:seed`: loads the demo data, only into an empty database, and never into production
// unless `--allow-production` says so on purpose.
const allowProduction = process.argv.includes('--allow-production');

await runDatabaseCommand(async (database, config) => {
  if (config.env === 'production' && !allowProduction) {
    throw new ConfigError('Refusing to seed a production database; pass --allow-production if you mean it.');
  }
  if (!(await isDatabaseEmpty(database.prisma))) {
    console.log('The database already holds data; the demo seed only fills an empty database. Nothing done.');
    return;
  }
  await seedDemoData(database.prisma, database.url, { info: (message) => console.log(message) }, config.demoEndAt);
});
