import { z } from 'zod';
import { authErrorCatalogue } from './auth.ts';

/**
 * Every API failure is answered with this envelope. `code` is stable (`area/kebab-code`) and is what clients
 * switch on; `message` is a sentence for people; `details` carries structured extras such as bad fields.
 */
export const fieldErrorSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. `email` or `items.0.name`'),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z
      .object({
        fields: z.array(fieldErrorSchema).optional(),
        requestId: z.string().optional(),
        retryAfterSeconds: z.number().optional(),
      })
      .optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The catalogue of error codes the API can answer with, with their HTTP status and the sentence people see. */
export const errorCatalogue = {
  'common/validation-failed': { status: 400, message: 'Some fields need attention.' },
  'common/bad-request': { status: 400, message: 'The request could not be understood.' },
  'common/forbidden': { status: 403, message: 'You do not have permission to do that.' },
  'common/not-found': { status: 404, message: 'We could not find what you were looking for.' },
  'common/route-not-found': { status: 404, message: 'There is no such API endpoint.' },
  'common/method-not-allowed': { status: 405, message: 'That action is not allowed here.' },
  'common/payload-too-large': { status: 413, message: 'What you sent is too large.' },
  'common/unsupported-media-type': { status: 415, message: 'That kind of content is not accepted here.' },
  'common/host-not-allowed': {
    status: 421,
    message: 'This server does not answer at this address. Open CARD WEB at its own address.',
  },
  'common/too-many-requests': {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  'cards/draft-conflict': {
    status: 409,
    message: 'This draft was changed elsewhere (another tab or device). Reload it to see the latest text.',
  },
  'play/nothing-to-undo': { status: 409, message: 'There is no grade to take back.' },
  'play/not-a-collection': {
    status: 409,
    message: 'This deck is made from tags or likes. Add cards to one of your collections instead.',
  },
  'play/item-not-found': {
    status: 404,
    message: 'That card has no such question any more. It may have been changed, unpublished or deleted.',
  },
  'confer/blocked': {
    status: 403,
    message: 'You can’t message this person: one of you has blocked the other.',
  },
  'confer/archived': {
    status: 409,
    message: 'This conversation is archived. It can be read, but no longer written in.',
  },
  'confer/muted': { status: 403, message: 'An administrator has paused your messages for now.' },
  'confer/rate-limited': {
    status: 429,
    message: 'You’re sending messages faster than Confer allows. Wait a few seconds, then send again.',
  },
  'confer/not-a-member': { status: 403, message: 'Join this channel to write in it.' },
  'confer/name-taken': { status: 409, message: 'There is already a channel with that name.' },
  'confer/not-the-author': { status: 403, message: 'Only the person who wrote a message can change it.' },
  'confer/assistant-unavailable': {
    status: 501,
    message: 'This server has no card assistant. An administrator can set one up with an LLM.',
  },
  'confer/assistant-limit': {
    status: 429,
    message:
      'You’ve asked the card assistant all the questions your plan allows today. Premium raises the limit.',
  },
  'profiles/connections-hidden': {
    status: 403,
    message: 'This person keeps their followers and the people they follow private.',
  },
  'profiles/blocked': {
    status: 403,
    message: 'You can’t do that: one of you has blocked the other.',
  },
  'files/too-large': { status: 413, message: 'That file is too large.' },
  'files/unsupported-type': {
    status: 415,
    message: 'That kind of file is not accepted here. Use a PNG, JPEG or WebP image.',
  },
  'files/invalid-image': { status: 422, message: 'That image could not be read. It may be damaged.' },
  'pdf/not-a-pdf': {
    status: 415,
    message: 'That file is not a PDF. Upload a file that starts with the PDF header.',
  },
  'pdf/empty': { status: 422, message: 'That file is empty.' },
  'pdf/encrypted': {
    status: 422,
    message: 'That PDF is locked with a password. Save an unlocked copy and upload that.',
  },
  'pdf/broken': { status: 422, message: 'That PDF could not be read. It may be damaged or cut short.' },
  'pdf/too-large': { status: 413, message: 'That PDF is too large: a PDF can be at most 100 MB.' },
  'pdf/quota-exceeded': {
    status: 413,
    message:
      'That PDF does not fit in your library’s storage. Delete some PDFs, or premium raises the limit.',
  },
  'pdf/collection-name-taken': { status: 409, message: 'You already have a collection with that name.' },
  'classroom/not-enrolled': { status: 403, message: 'Enrol in the course to open its lessons.' },
  'classroom/lesson-locked': {
    status: 403,
    message: 'This lesson is locked: finish the lessons it builds on first.',
  },
  'classroom/quiz-not-passed': {
    status: 409,
    message: 'Answer every question of the lesson’s quiz correctly to finish it.',
  },
  'classroom/not-instructor': {
    status: 403,
    message: 'Only instructors can do that: an administrator gives the instructor role.',
  },
  'classroom/not-teaching': { status: 403, message: 'Only the course’s instructors can do that.' },
  'classroom/slug-taken': { status: 409, message: 'A course already has that address. Choose another.' },
  'classroom/draft-conflict': {
    status: 409,
    message: 'Someone saved this course since you opened it. Reload to see their changes, then edit again.',
  },
  'classroom/invalid-course': {
    status: 422,
    message: 'The course cannot be published as it is. The details say what to fix.',
  },
  'blog/draft-conflict': {
    status: 409,
    message: 'This post was changed elsewhere (another tab or device). Reload it to see the latest text.',
  },
  'blog/slug-taken': { status: 409, message: 'Another post has that address. Choose another.' },
  'blog/invalid-post': {
    status: 422,
    message: 'The post cannot be published as it is. The details say what to fix.',
  },
  'blog/schedule-in-past': { status: 422, message: 'Choose a time in the future to schedule the post.' },
  'blog/not-author': { status: 403, message: 'Only the author of this post can do that.' },
  'blog/invalid-parent': {
    status: 422,
    message: 'That comment cannot be answered here: it is on another post, was deleted, or is gone.',
  },
  'blog-builder/no-sources': { status: 422, message: 'Pick at least one card to build a post from.' },
  'blog-builder/too-many-sources': {
    status: 422,
    message: 'Those cards are more than the builder can read at once. Remove some and try again.',
  },
  'blog-builder/source-refused': {
    status: 403,
    message: 'Some of those cards are private to someone else, so the builder cannot read them.',
  },
  'blog-builder/no-outline': { status: 409, message: 'Make the outline first, then the draft.' },
  'blog-builder/no-draft': { status: 409, message: 'Make a draft first, then revise it.' },
  'blog-builder/model-limit': {
    status: 429,
    message:
      'You have used the writing model as many times today as your plan allows. The composer still works, and the model is back after midnight UTC.',
  },
  'research/not-editor': {
    status: 403,
    message: 'Only editors of the research centre can do that: an administrator gives the editor role.',
  },
  'research/invalid-file': {
    status: 422,
    message: 'That file is not a bibliography we can read. Use BibTeX, RIS or CSL-JSON.',
  },
  'research/slug-taken': { status: 409, message: 'That address is already taken. Choose another.' },
  'research/ask-limit': {
    status: 429,
    message:
      'You have asked as many questions today as your plan allows. You can ask again after midnight UTC.',
  },
  'extractor/invalid-url': {
    status: 422,
    message: 'That is not the address of a repository we can fetch.',
  },
  'extractor/not-a-repository': { status: 404, message: 'There is no repository at that address.' },
  'extractor/needs-token': {
    status: 422,
    message:
      'That repository is private, or does not exist. If you can read it, add a token that can read it.',
  },
  'extractor/token-refused': {
    status: 422,
    message: 'The host refused the token: it may have expired, or may not read this repository.',
  },
  'extractor/ref-not-found': {
    status: 404,
    message: 'The repository has no such branch, tag or commit.',
  },
  'extractor/path-not-found': { status: 404, message: 'The repository has no such folder.' },
  'extractor/host-refused': {
    status: 422,
    message: 'Repositories cannot be fetched from that host.',
  },
  'extractor/unreachable': {
    status: 502,
    message: 'The repository’s host could not be reached, or stopped answering. Try again later.',
  },
  'extractor/too-large': {
    status: 413,
    message: 'The repository is larger than this site fetches.',
  },
  'extractor/too-many-files': {
    status: 413,
    message: 'The repository has more files than this site reads. Choose a folder of it.',
  },
  'extractor/not-an-archive': {
    status: 422,
    message: 'That file is not a .zip or .tar.gz archive.',
  },
  'extractor/archive-refused': {
    status: 422,
    message: 'That archive is damaged, or holds something this site does not open.',
  },
  'extractor/busy': {
    status: 429,
    message: 'You have as many extractions running as your plan allows. Wait for one to end, or cancel one.',
  },
  'extractor/daily-limit': {
    status: 429,
    message:
      'You have read as much repository data today as your plan allows. Reruns of a commit you already extracted still work, and the rest can run after midnight UTC.',
  },
  'extractor/token-lost': {
    status: 409,
    message:
      'The access token is kept only while the run starts, and the server restarted meanwhile. Give it again.',
  },
  'extractor/nothing-selected': {
    status: 422,
    message: 'No file is left with these choices. Loosen the include or exclude globs.',
  },
  'extractor/not-finished': {
    status: 409,
    message: 'That extraction has not written its document yet.',
  },
  'extractor/cards-being-made': {
    status: 409,
    message: 'The cards of this extraction are being made. They will appear in a moment.',
  },
  'extractor/cards-of-a-comparison': {
    status: 409,
    message:
      'Module cards are made of a whole repository, not of a comparison. Extract it without “Compare with” to make them.',
  },
  'pdf/not-a-paper-card': {
    status: 422,
    message: 'Only a paper card of yours can be attached to a PDF.',
  },
  'pdf/too-many-highlights': {
    status: 422,
    message: 'This PDF has as many highlights as it can hold. Delete some to add more.',
  },
  'jobs/failed': {
    status: 500,
    message: 'This work could not be finished. Please try again.',
  },
  'jobs/interrupted': {
    status: 500,
    message:
      'This work stopped before it finished (it took too long, or the server restarted). Please try again.',
  },
  'common/internal-error': { status: 500, message: 'Something went wrong on our side. Please try again.' },
  'common/service-unavailable': {
    status: 503,
    message: 'The service is briefly unavailable. Please try again shortly.',
  },
  'common/network-error': {
    status: 0,
    message: 'We could not reach CARD WEB. Check your connection and try again.',
  },
  'billing/not-configured': {
    status: 501,
    message: 'This server does not take payments. An administrator can grant premium instead.',
  },
  'billing/already-subscribed': {
    status: 409,
    message: 'You already have premium. Manage your subscription from Settings.',
  },
  'billing/no-billing-account': {
    status: 404,
    message: 'You have no subscription to manage yet.',
  },
  'billing/invalid-signature': { status: 400, message: 'The webhook signature could not be verified.' },
  'billing/provider-unavailable': {
    status: 502,
    message: 'The payment service did not answer. Please try again in a moment.',
  },
  ...authErrorCatalogue,
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** True when `code` is one of the catalogue's codes. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalogue, code);
}

/** The catalogue code for a bare HTTP status, for failures that arrive without an envelope of their own. */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 403:
      return 'common/forbidden';
    case 404:
      return 'common/not-found';
    case 405:
      return 'common/method-not-allowed';
    case 413:
      return 'common/payload-too-large';
    case 415:
      return 'common/unsupported-media-type';
    case 429:
      return 'common/too-many-requests';
    case 502:
    case 503:
    case 504:
      return 'common/service-unavailable';
    default:
      return status >= 500 ? 'common/internal-error' : 'common/bad-request';
  }
}
