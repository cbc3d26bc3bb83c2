import { ConfigError, loadConfig, type AppConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { openDatabase, type OpenDatabase } from '../bootstrap.js';
import { MigrationError } from '../migrate.js';

const consoleLog = { info: (message: string) => console.log(message), debug: () => undefined };

/**
 * Runs a database command: opens DATABASE_URL or the embedded database (applying pending migrations),
 * runs `work`, closes everything, and turns known problems into one line and exit code 1.
 */
export async function runDatabaseCommand(work: (database: OpenDatabase, config: AppConfig) => Promise<void>): Promise<void> {
  let database: OpenDatabase | undefined;
  try {
    const config = loadConfig();
    database = await openDatabase(config, consoleLog);
    await work(database, config);
  } catch (error) {
    // Known problems (configuration, migrations, a refused upstream key) say what to fix in one line.
    const known = error instanceof ConfigError || error instanceof MigrationError || error instanceof AppError;
    console.error(known ? `Failed: ${(error as Error).message}` : error);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}
