import { existsSync } from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { DataDirInUseError } from './db/embedded-postgres.ts';
import { readOrCreateSecret } from './lib/secrets.ts';
import { seedDemoContent } from './seed/seed-demo.ts';
import { version } from './version.ts';

async function main() {
  // A .env file in the working folder fills in variables the environment does not already set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const log = pino({ level: config.LOG_LEVEL });
  if (!config.SESSION_SECRET) {
    // One instance on its own data (production with DATABASE_URL refuses to start without one): generated once
    // and kept in DATA_DIR, owner-only, so `npm start` works on a fresh machine and sessions survive restarts.
    config.SESSION_SECRET = await readOrCreateSecret(config.dataDir, 'session-secret');
  }

  let db;
  try {
    db = await connectDatabase(config, {
      info: (msg) => log.info(msg),
      warn: (msg) => log.warn(msg),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      log.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp({ config, db, version });
  } catch (error) {
    await db.close();
    throw error;
  }
  if (config.SEED_DEMO) {
    try {
      await seedDemoContent(db.orm, { info: (message) => log.info(message) });
    } catch (error) {
      // The site works without its demo content; the next start tries again.
      log.error({ err: error }, 'Could not seed the demo content');
    }
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: finishing in-flight requests, then closing the database`);
    try {
      await app.close();
      await db.close();
      log.info('Stopped cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'Error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    app.log.fatal({ err: error }, 'Could not listen');
    await app.close();
    await db.close();
    process.exit(1);
  }
  log.info(`CARD WEB ${version} is serving ${config.PUBLIC_URL} (database: ${db.kind})`);
}

await main();
