import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from './mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    appVersion: string;
    mailer: Mailer;
  }
}

/** The type of every module's routes plugin: routes typed by their zod schemas. */
export type RoutesPlugin = FastifyPluginAsyncZod;
