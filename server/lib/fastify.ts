import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    appVersion: string;
  }
}

/** The type of every module's routes plugin: routes typed by their zod schemas. */
export type RoutesPlugin = FastifyPluginAsyncZod;
