import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { builderSessionSchema } from '../../contracts/blog-builder.ts';
import { postSummarySchema } from '../../contracts/blog.ts';
import { cardSummarySchema } from '../../contracts/cards.ts';
import { errorEnvelopeSchema } from '../../contracts/errors.ts';
import { profileSummarySchema } from '../../contracts/profiles.ts';
import { declareScopeAccess } from './access.ts';

/** The OpenAPI document at `/api/openapi.json`, generated from the same zod contracts the routes use. */
export default fp(
  async function openApiPlugin(app: FastifyInstance, options: { version: string }) {
    // Schemas that nearly every route answers with are described once, under `components`, and referenced:
    // written out in each of the routes' error responses they were two thirds of a document of over a megabyte,
    // which the docs page must download and parse before it shows anything. The same for the summaries of
    // people, cards and posts that many answers list.
    const shared = z.registry<{ id: string }>();
    shared.add(errorEnvelopeSchema, { id: 'ErrorEnvelope' });
    shared.add(profileSummarySchema, { id: 'ProfileSummary' });
    shared.add(cardSummarySchema, { id: 'CardSummary' });
    shared.add(postSummarySchema, { id: 'PostSummary' });
    shared.add(builderSessionSchema, { id: 'BuilderSession' });
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'CARD WEB API',
          description: 'Every request and response is described by the zod contracts in `contracts/`.',
          version: options.version,
        },
      },
      transform: createJsonSchemaTransform({ schemaRegistry: shared }),
      transformObject: createJsonSchemaTransformObject({ schemaRegistry: shared }),
    });
    // The docs pages are the UI plugin's routes, which cannot carry our config: its own scope declares them
    // public, like the document they show.
    await app.register(async (docs: FastifyInstance) => {
      declareScopeAccess(docs, 'public');
      await docs.register(swaggerUi, {
        routePrefix: '/api/docs',
        // Over 250 operations: the page opens on their tags, folded, with a filter box (it drew every operation
        // before showing anything), and a link such as `/api/docs#/blog` opens one tag.
        uiConfig: { docExpansion: 'none', deepLinking: true, filter: true },
        transformSpecificationClone: true,
      });
    });
    app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
