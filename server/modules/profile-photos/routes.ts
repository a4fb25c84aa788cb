import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '../../../contracts/errors.ts';
import { photoRules } from '../../../contracts/files.ts';
import { profileSchema } from '../../../contracts/profiles.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RoutesPlugin } from '../../lib/fastify.ts';
import { signedInUser } from '../../plugins/access.ts';
import { createProfilePhotosService } from './service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  413: errorEnvelopeSchema,
  415: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const maxMegabytes = photoRules.maxBytes / (1024 * 1024);

const profilePhotosRoutes: RoutesPlugin = async (app) => {
  const service = createProfilePhotosService(app.files, app.profiles);

  // Only this scope reads raw image bytes; JSON and everything else get a clear refusal here.
  await app.register(async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    for (const type of ['application/octet-stream', /^image\//]) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: photoRules.maxBytes },
        (_request, body, done) => done(null, body),
      );
    }
    // Fastify's own refusals become the upload's codes; the app's error handler answers them.
    scope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError('files/too-large', {
          message: `That file is too large: photos can be at most ${maxMegabytes} MB.`,
        });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new AppError('files/unsupported-type', {
          message: 'Send the photo’s own bytes as a PNG, JPEG or WebP image.',
        });
      }
      throw error;
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'PUT',
      url: '/api/profiles/me/photo',
      bodyLimit: photoRules.maxBytes,
      // Access is checked in onRequest, before the body is read: a signed-out client cannot make us read 5 MB.
      config: { auth: 'user', rateLimit: { max: photoRules.uploadsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Upload your profile photo',
        description:
          `The request body is the image itself (Content-Type \`image/png\`, \`image/jpeg\`, \`image/webp\` or ` +
          `\`application/octet-stream\`), at most ${maxMegabytes} MB. Its type is decided by its bytes: ` +
          'anything but PNG, JPEG or WebP is refused with `files/unsupported-type`. The photo is turned ' +
          `upright, cropped to a square, scaled to ${photoRules.size}×${photoRules.size} and stored as WebP ` +
          'without its metadata; the upload itself is not kept. Answers the profile, whose `photoURL` is ' +
          'now `/api/files/<hash>`.',
        consumes: ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
        response: { 200: profileSchema, ...errors },
      },
      handler: async (request) => {
        const body: unknown = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError('files/unsupported-type', {
            message: 'Send the photo’s own bytes as the request body.',
          });
        }
        return service.replace(signedInUser(request).id, body);
      },
    });

    scope.withTypeProvider<ZodTypeProvider>().route({
      method: 'DELETE',
      url: '/api/profiles/me/photo',
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profiles'],
        summary: 'Remove your profile photo',
        response: { 200: profileSchema, ...errors },
      },
      handler: async (request) => service.remove(signedInUser(request).id),
    });
  });
};
export default fp(profilePhotosRoutes, {
  name: 'profile-photos',
  dependencies: ['auth', 'profiles', 'files'],
});
