import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Jobs } from './jobs/plugin.ts';
import type { Mailer } from './mail/mailer.ts';
import type { CardsService } from '../modules/cards/index.ts';
import type { ExploreService } from '../modules/explore/index.ts';
import type { FilesService } from '../modules/files/index.ts';
import type { ProfilesService } from '../modules/profiles/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    appVersion: string;
    mailer: Mailer;
    /** Profiles; the identity module creates one for each new account. */
    profiles: ProfilesService;
    /** Cards, the write side: drafts, publishing, versions, likes (Confer saves messages as drafts). */
    cards: CardsService;
    /** Explore, the read side of cards: feeds and search (the card assistant searches with it). */
    explore: ExploreService;
    /** Stored files (photos); the files module creates it. */
    files: FilesService;
    /** Background queues, cron sweeps and people's long-running jobs (server/lib/jobs). */
    jobs: Jobs;
  }
}

/** The type of every module's routes plugin: routes typed by their zod schemas. */
export type RoutesPlugin = FastifyPluginAsyncZod;
