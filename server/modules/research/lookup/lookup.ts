/*
 * Looking a paper up by DOI (Crossref) or arXiv id (arXiv's API), through the one outbound fetch. A lookup
 * never throws for anything the other side does: it answers found, or not found with a sentence that says why
 * and what to do instead, because the person can always fill in the fields by hand.
 */
import { paperMetadataSchema, type PaperMetadata } from '../../../../contracts/research.ts';
import { OutboundFetchError, type OutboundFetch } from '../../../lib/outbound-fetch/index.ts';
import { parseArxivAtom } from './arxiv.ts';
import { parseCrossrefWork } from './crossref.ts';
import { LookupFormatError } from './errors.ts';
import { normalizeArxivId, normalizeDoi } from './identifiers.ts';

/** What a lookup needs: the fetch (with the operator's caps preset), where the services are, and the switch. */
export type LookupDeps = {
  /** `outboundFetch`, or `presetOutboundFetch(…)` with the operator's time and size caps. */
  fetch: OutboundFetch;
  /** Crossref's REST API, e.g. "https://api.crossref.org"; configured by the operator, so its origin is trusted. */
  crossrefBaseUrl: string;
  /** arXiv's API host, e.g. "https://export.arxiv.org"; configured by the operator, so its origin is trusted. */
  arxivBaseUrl: string;
  /** False when the operator turned looking papers up on the internet off. */
  enabled: boolean;
  /** Sent as User-Agent, e.g. "CARD WEB (+https://cards.example.org; mailto:admin@example.org)". */
  userAgent: string;
};

/** Why a lookup found nothing. */
export type LookupFailureReason =
  'disabled' | 'invalid-input' | 'not-found' | 'unreachable' | 'invalid-response';

/** A paper's record, or why there is none in a sentence a person can read. */
export type LookupResult =
  { found: true; paper: PaperMetadata } | { found: false; reason: LookupFailureReason; message: string };

const BY_HAND = 'fill in the fields by hand';
const DISABLED: LookupResult = {
  found: false,
  reason: 'disabled',
  message: `Looking papers up on the internet is turned off on this server; ${BY_HAND}.`,
};

function failure(reason: LookupFailureReason, message: string): LookupResult {
  return { found: false, reason, message };
}

function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

function originOf(base: string): string[] {
  try {
    return [new URL(base).origin];
  } catch {
    return [];
  }
}

/** What a failed fetch means to the person who asked. `notFound` is the answer when the service says 404. */
function fetchFailure(service: string, error: OutboundFetchError, notFound: string): LookupResult {
  switch (error.kind) {
    case 'disabled':
      return DISABLED;
    case 'http':
      return error.status === 404 || error.status === 410
        ? failure('not-found', notFound)
        : failure(
            'unreachable',
            `${service} answered with an error (HTTP ${error.status}); try again later or ${BY_HAND}.`,
          );
    case 'timeout':
      return failure('unreachable', `${service} did not answer in time; try again later or ${BY_HAND}.`);
    // The service's own origin is trusted, so only a redirect can lead here. The address itself is not repeated
    // to the person: it is the server's business, and is in the error for the logs.
    case 'refused-address':
      return failure(
        'unreachable',
        `${service} redirected the request to a private, local or reserved address, which this server does not fetch from; ${BY_HAND}.`,
      );
    case 'refused-scheme':
      return failure(
        'unreachable',
        `${service} redirected the request to something other than a web address, which this server does not fetch; ${BY_HAND}.`,
      );
    case 'too-many-redirects':
      return failure('unreachable', `${service} redirected the request too many times; ${BY_HAND}.`);
    case 'too-large':
      return failure(
        'invalid-response',
        `${service}'s answer was larger than this server reads; ${BY_HAND}.`,
      );
    case 'network':
      return failure('unreachable', `${service} could not be reached; try again later or ${BY_HAND}.`);
  }
}

/** Fetches, parses and checks one record; every way it can go wrong becomes a `LookupResult`. */
async function lookUp(
  deps: LookupDeps,
  service: string,
  base: string,
  url: string,
  accept: string,
  notFound: string,
  parse: (body: string) => PaperMetadata | undefined,
): Promise<LookupResult> {
  let body: string;
  try {
    const response = await deps.fetch(url, {
      userAgent: deps.userAgent,
      accept,
      trustedOrigins: originOf(base),
    });
    body = response.body.toString('utf8');
  } catch (error) {
    if (error instanceof OutboundFetchError) return fetchFailure(service, error, notFound);
    throw error;
  }
  const invalid = failure(
    'invalid-response',
    `${service} gave an answer this server cannot read; ${BY_HAND}.`,
  );
  try {
    const paper = parse(body);
    if (!paper) return failure('not-found', notFound);
    const checked = paperMetadataSchema.safeParse(paper);
    return checked.success ? { found: true, paper: checked.data } : invalid;
  } catch (error) {
    if (error instanceof LookupFormatError || error instanceof SyntaxError) return invalid;
    throw error;
  }
}

/** Looks a DOI up on Crossref; accepts "10.…", "doi:10.…" and "https://doi.org/10.…". */
export async function lookupDoi(input: string, deps: LookupDeps): Promise<LookupResult> {
  if (!deps.enabled) return DISABLED;
  const doi = normalizeDoi(input);
  if (!doi) return failure('invalid-input', 'That is not a DOI; a DOI looks like 10.1109/MC.2009.263.');
  return lookUp(
    deps,
    'Crossref',
    deps.crossrefBaseUrl,
    endpoint(deps.crossrefBaseUrl, `/works/${encodeURIComponent(doi)}`),
    'application/json',
    `Crossref has no record of ${doi}; check the DOI, or ${BY_HAND}.`,
    (body) => parseCrossrefWork(JSON.parse(body)),
  );
}

/** Looks an arXiv id up on arXiv; accepts "1706.03762", "arXiv:1706.03762v5" and arxiv.org/abs or /pdf addresses. */
export async function lookupArxiv(input: string, deps: LookupDeps): Promise<LookupResult> {
  if (!deps.enabled) return DISABLED;
  const id = normalizeArxivId(input);
  if (!id) return failure('invalid-input', 'That is not an arXiv id; an arXiv id looks like 1706.03762.');
  return lookUp(
    deps,
    'arXiv',
    deps.arxivBaseUrl,
    endpoint(deps.arxivBaseUrl, `/api/query?id_list=${encodeURIComponent(id)}`),
    'application/atom+xml',
    `arXiv has no paper ${id}; check the id, or ${BY_HAND}.`,
    (body) => parseArxivAtom(body, id),
  );
}
