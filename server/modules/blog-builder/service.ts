import {
  builderLimits,
  type BuilderDraft,
  type BuilderEvent,
  type BuilderMode,
  type BuilderOutline,
  type BuilderParagraph,
  type BuilderSession,
  type BuilderSource,
  type BuilderUsage,
  type BuilderVersion,
  type SourceQuery,
  type SourceResult,
} from '../../../contracts/blog-builder.ts';
import { draftMarkdown } from '../../../contracts/blog-builder-markdown.ts';
import { errorCatalogue } from '../../../contracts/errors.ts';
import { entitlementsFor } from '../../../contracts/premium.ts';
import { AppError } from '../../lib/app-error.ts';
import { LlmError, type ChatMessage, type LlmClient } from '../../lib/llm/client.ts';
import { excerptOf } from '../cards/index.ts';
import { profileSummaryOf, subscribedNow } from '../profiles/index.ts';
import { composeDraft, composeOutline, composeRevision, type ComposerCard } from './composer.ts';
import {
  draftPrompt,
  estimateTextTokens,
  numberSources,
  outlinePrompt,
  parseOutline,
  parseParagraphs,
  promptTokens,
  revisePrompt,
  sectionSources,
  type NumberedSource,
} from './model.ts';
import type { BlogBuilderRepository } from './repository.ts';
import { cardIdsInText, estimateTokens } from './sources.ts';

/** Answer characters per model call: a section, or the outline's JSON. */
const MAX_ANSWER_CHARS = 12_000;
/** Tags a post made from the builder gets, at most. */
const POST_TAGS = 8;

/** Notices of the `mode` event when the composer writes instead of the model. */
export const composerNotices = {
  noModel:
    'No language model is set up on this site, so the composer arranges the cards’ own sentences (the same cards always give the same text).',
  asked: 'You asked for the composer: it arranges the cards’ own sentences, the same way every time.',
  limit: errorCatalogue['blog-builder/model-limit'].message,
} as const;

export type BlogBuilderDeps = {
  repository: BlogBuilderRepository;
  llm?: LlmClient | undefined;
  /** US dollars per million tokens, when the site sets them. */
  prices?: { inputPerMTok: number; outputPerMTok: number } | undefined;
  /** The person's requests of the model today, all features together (model-allowance). */
  modelRequestsToday: (owner: string) => Promise<number>;
  /** The cards of one of the person's decks they may study (Play's rule of what a deck holds); null if none. */
  deckCardIds: (owner: string, deckId: string, limit: number) => Promise<string[] | null>;
  /** Explore's full-text search of listed cards: their ids, best first. */
  search: (reader: string, q: string, tag: string | undefined, limit: number) => Promise<string[]>;
  /** The blog's own "new draft" (its slug rules, a first revision kept as `agent`): the new post's id. */
  createPostDraft: (owner: string, post: { title: string; body: string; tags: string[] }) => Promise<string>;
};

type CardRow = Awaited<ReturnType<BlogBuilderRepository['readableCards']>>[number];
type SessionRow = NonNullable<Awaited<ReturnType<BlogBuilderRepository['session']>>>;
type VersionRow = NonNullable<Awaited<ReturnType<BlogBuilderRepository['version']>>>;

const sourceOf = (card: CardRow): BuilderSource => ({
  id: card.id,
  title: card.title,
  excerpt: excerptOf(card.body),
  tags: card.tags,
  author: profileSummaryOf(card.author),
  tokens: estimateTokens(card),
});

const versionOf = (row: VersionRow): BuilderVersion => ({
  number: row.number,
  instruction: row.instruction,
  sectionIndex: row.sectionIndex,
  mode: row.mode as BuilderMode,
  complete: row.complete,
  createdAt: row.createdAt.toISOString(),
  draft: row.draft as BuilderDraft,
});

/** What a model call gave: its text so far, and the error that stopped it, if one did. */
type Written = { text: string; error: LlmError | null };

/** The most common tags of the cards, most common first (ties by name), at most POST_TAGS. */
export function commonTags(cards: { tags: string[] }[]): string[] {
  const counts = new Map<string, number>();
  for (const card of cards)
    for (const tag of new Set(card.tags.map((t) => t.toLowerCase())))
      counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, POST_TAGS)
    .map(([tag]) => tag);
}

/** The blog builder: sources, sessions, and the outline, draft and revise steps as streams of events. */
export function createBlogBuilderService(deps: BlogBuilderDeps) {
  const { repository, llm } = deps;

  async function allowance(owner: string) {
    const profile = await repository.profile(owner);
    const requestsPerDay = entitlementsFor(
      profile !== undefined && subscribedNow(profile),
    ).assistantRequestsPerDay;
    return { requestsPerDay, requestsToday: await deps.modelRequestsToday(owner) };
  }

  async function usage(owner: string): Promise<BuilderUsage> {
    const [{ requestsPerDay, requestsToday }, tokens] = await Promise.all([
      allowance(owner),
      repository.tokensToday(owner),
    ]);
    const { prices } = deps;
    return {
      modelAvailable: llm !== undefined,
      requestsToday,
      requestsPerDay,
      promptTokens: tokens.prompt,
      completionTokens: tokens.completion,
      cost: prices
        ? Math.round(
            ((tokens.prompt * prices.inputPerMTok + tokens.completion * prices.outputPerMTok) / 1_000_000) *
              1_000_000,
          ) / 1_000_000
        : null,
    };
  }

  /** The session of `owner`, or 404 for anyone else (a session is private). */
  async function ownSession(owner: string, id: string): Promise<SessionRow> {
    const session = await repository.session(owner, id);
    if (!session) throw new AppError('common/not-found');
    return session;
  }

  /** The session's cards the owner may still read, in the session's order, as the composer reads them. */
  async function sessionCards(owner: string, session: SessionRow) {
    const rows = await repository.readableCards(owner, session.sourceCardIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = session.sourceCardIds.flatMap((id) => byId.get(id) ?? []);
    const links = await repository.linksAmong(ordered.map((row) => row.id));
    const cards: ComposerCard[] = ordered.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      tags: row.tags,
      links: links.filter((link) => link.sourceId === row.id).map((link) => link.targetId),
    }));
    return { rows: ordered, cards };
  }

  /** Checks a source set (count, access, tokens) and reads it; nothing is saved when it is refused. */
  async function checkSources(owner: string, ids: string[]) {
    const unique = [...new Set(ids)];
    if (unique.length < builderLimits.sources.min) throw new AppError('blog-builder/no-sources');
    const rows = await repository.readableCards(owner, unique);
    const readable = new Set(rows.map((row) => row.id));
    const refused = unique.filter((id) => !readable.has(id));
    if (refused.length > 0)
      throw new AppError('blog-builder/source-refused', {
        details: {
          fields: refused.map((cardId) => ({
            path: `cardIds.${unique.indexOf(cardId)}`,
            message: 'Not found, or private to someone else',
          })),
        },
      });
    const tokens = rows.reduce((sum, row) => sum + estimateTokens(row), 0);
    if (tokens > builderLimits.sourceTokens)
      throw new AppError('blog-builder/too-many-sources', {
        message: `Those cards come to about ${tokens.toLocaleString('en')} tokens; the builder reads at most ${builderLimits.sourceTokens.toLocaleString('en')} at once. Remove some and try again.`,
      });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return unique.map((id) => byId.get(id)!);
  }

  async function sessionOf(owner: string, session: SessionRow): Promise<BuilderSession> {
    const [{ rows }, versions, newest, used] = await Promise.all([
      sessionCards(owner, session),
      repository.versions(session.id),
      repository.version(session.id),
      usage(owner),
    ]);
    return {
      id: session.id,
      title: session.title,
      sources: rows.map(sourceOf),
      outline: (session.outline as BuilderOutline | null) ?? null,
      versions: versions.map((row) => ({
        number: row.number,
        instruction: row.instruction,
        sectionIndex: row.sectionIndex,
        mode: row.mode as BuilderMode,
        complete: row.complete,
        createdAt: row.createdAt.toISOString(),
      })),
      current: newest ? versionOf(newest) : null,
      postId: session.postId,
      usage: used,
      updatedAt: session.updatedAt.toISOString(),
    };
  }

  /**
   * Who writes a step: the composer when asked for, when no model is configured, or when the person's daily
   * allowance is used up (with the notice saying which); otherwise the model.
   */
  async function chooseMode(owner: string, asked: 'auto' | 'composer') {
    if (asked === 'composer') return { mode: 'composer' as const, notice: composerNotices.asked };
    if (!llm) return { mode: 'composer' as const, notice: composerNotices.noModel };
    const { requestsPerDay, requestsToday } = await allowance(owner);
    if (requestsToday >= requestsPerDay) return { mode: 'composer' as const, notice: composerNotices.limit };
    return { mode: 'model' as const, notice: null, llm };
  }

  /** Streams one model call as `delta` events; what was written and any error are in `written` at the end. */
  async function* write(
    client: LlmClient,
    messages: ChatMessage[],
    signal: AbortSignal,
    written: Written,
  ): AsyncGenerator<BuilderEvent> {
    try {
      for await (const text of client.stream(
        { messages, temperature: 0.3 },
        { signal, maxChars: MAX_ANSWER_CHARS },
      )) {
        written.text += text;
        yield { t: 'delta', text };
      }
    } catch (error) {
      written.error =
        error instanceof LlmError
          ? error
          : new LlmError('network', 'The language model stopped', { cause: error });
    }
  }

  /** The `error` event of a model that stopped; the step can be retried. */
  const failed = (error: LlmError, kept: boolean): BuilderEvent => ({
    t: 'error',
    code: 'common/service-unavailable',
    message: `${error.kind === 'timeout' ? 'The language model took too long' : 'The language model stopped before the end'}${
      kept ? '; what it wrote is kept as an incomplete version' : ''
    }. Retry the step, or use the composer.`,
  });

  /**
   * Runs the model over the sections one call each, yielding deltas; returns the paragraphs of each section
   * written (a partial last one when a call failed), the tokens used, and the error if one stopped it.
   */
  async function* sectionByCall(
    calls: { messages: ChatMessage[]; sources: NumberedSource[] }[],
    client: LlmClient,
    signal: AbortSignal,
  ): AsyncGenerator<
    BuilderEvent,
    { sections: BuilderParagraph[][]; tokens: { prompt: number; completion: number }; error: LlmError | null }
  > {
    const sections: BuilderParagraph[][] = [];
    const tokens = { prompt: 0, completion: 0 };
    for (const [index, call] of calls.entries()) {
      if (index > 0) yield { t: 'delta', text: '\n\n' };
      const written: Written = { text: '', error: null };
      tokens.prompt += promptTokens(call.messages);
      yield* write(client, call.messages, signal, written);
      tokens.completion += estimateTextTokens(written.text);
      sections.push(parseParagraphs(written.text, call.sources));
      if (written.error) return { sections, tokens, error: written.error };
    }
    return { sections, tokens, error: null };
  }

  return {
    /** What a sources picker finds for the reader; what they may not read is listed as refused. */
    async sources(reader: string, query: SourceQuery): Promise<SourceResult> {
      const refused: SourceResult['refused'] = [];
      let ids: string[];
      const notFound = (what: string) => {
        refused.push({ ref: query.value, reason: `No ${what} of yours has that id.` });
        return [];
      };
      switch (query.by) {
        case 'search':
          ids = await deps.search(reader, query.value, undefined, builderLimits.sources.max);
          break;
        case 'tag': {
          const tag = query.value.replace(/^#/, '').trim();
          const own = await repository.ownCardsTagged(reader, tag);
          const listed = await deps.search(reader, '', tag, builderLimits.sources.max);
          ids = [...new Set([...own, ...listed])].slice(0, builderLimits.sources.max);
          break;
        }
        case 'deck':
          ids =
            (isUuid(query.value) &&
              (await deps.deckCardIds(reader, query.value, builderLimits.sources.max))) ||
            notFound('deck');
          break;
        case 'course':
          ids =
            (await repository.courseCardIds(query.value.trim())) ??
            (refused.push({ ref: query.value, reason: 'No published course has that address.' }), []);
          break;
        case 'project':
          ids =
            (isUuid(query.value) && (await repository.projectCardIds(reader, query.value))) ||
            notFound('research project');
          break;
        case 'links':
          ids = cardIdsInText(query.value).slice(0, 200);
          break;
      }
      const rows = await repository.readableCards(reader, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const id of ids)
        if (!byId.has(id))
          refused.push({
            ref: id,
            reason: 'Not found, or private to someone else: the builder cannot read it.',
          });
      return { cards: ids.flatMap((id) => byId.get(id) ?? []).map(sourceOf), refused };
    },

    /** Starts a session on checked sources. */
    async create(owner: string, cardIds: string[]): Promise<BuilderSession> {
      const rows = await checkSources(owner, cardIds);
      const session = await repository.createSession(
        owner,
        rows[0]!.title,
        rows.map((row) => row.id),
      );
      return sessionOf(owner, session);
    },

    /** Replaces a session's sources (checked as at the start); the outline and versions stay. */
    async setSources(owner: string, id: string, cardIds: string[]): Promise<BuilderSession> {
      const session = await ownSession(owner, id);
      const rows = await checkSources(owner, cardIds);
      await repository.updateSession(session.id, { sourceCardIds: rows.map((row) => row.id) });
      return sessionOf(owner, (await repository.session(owner, id))!);
    },

    async list(owner: string) {
      const rows = await repository.sessions(owner);
      return {
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          sources: row.sources,
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },

    async get(owner: string, id: string): Promise<BuilderSession> {
      return sessionOf(owner, await ownSession(owner, id));
    },

    /** An outline edited by hand: its cards must be among the session's sources. */
    async setOutline(owner: string, id: string, outline: BuilderOutline): Promise<BuilderSession> {
      const session = await ownSession(owner, id);
      const outside = outline.sections.flatMap((section, index) =>
        section.cardIds
          .filter((cardId) => !session.sourceCardIds.includes(cardId))
          .map(() => ({
            path: `outline.sections.${index}.cardIds`,
            message: 'Only the session’s source cards can be in the outline',
          })),
      );
      if (outside.length > 0)
        throw new AppError('common/validation-failed', {
          message: 'The outline names cards that are not among the sources.',
          details: { fields: outside },
        });
      await repository.updateSession(session.id, { outline, title: outline.title });
      return sessionOf(owner, (await repository.session(owner, id))!);
    },

    /** A draft edited by hand, kept as a new version. */
    async addVersion(owner: string, id: string, draft: BuilderDraft): Promise<BuilderVersion> {
      const session = await ownSession(owner, id);
      return versionOf(
        await repository.addVersion(session.id, {
          instruction: null,
          sectionIndex: null,
          draft,
          mode: 'composer',
          complete: true,
        }),
      );
    },

    async version(owner: string, id: string, number: number): Promise<BuilderVersion> {
      const session = await ownSession(owner, id);
      const row = await repository.version(session.id, number);
      if (!row) throw new AppError('common/not-found');
      return versionOf(row);
    },

    /**
     * The outline step. Checks run now (a refusal is an ordinary error); the events then stream: `mode`,
     * `delta`s from the model, `outline` (saved on the session), `usage`; or `error` when the model fails.
     */
    async outline(owner: string, id: string, asked: 'auto' | 'composer', signal: AbortSignal) {
      const session = await ownSession(owner, id);
      const { cards } = await sessionCards(owner, session);
      if (cards.length === 0) throw new AppError('blog-builder/no-sources');
      const chosen = await chooseMode(owner, asked);
      return (async function* (): AsyncGenerator<BuilderEvent> {
        yield { t: 'mode', mode: chosen.mode, notice: chosen.notice };
        let outline: BuilderOutline | null;
        if (chosen.mode === 'composer') outline = composeOutline(cards);
        else {
          const sources = numberSources(cards);
          const messages = outlinePrompt(sources);
          const written: Written = { text: '', error: null };
          const run = await repository.addRun(owner, session.id, 'outline');
          yield* write(chosen.llm, messages, signal, written);
          await repository.setRunTokens(run, {
            prompt: promptTokens(messages),
            completion: estimateTextTokens(written.text),
          });
          if (written.error) {
            yield failed(written.error, false);
            yield { t: 'usage', usage: await usage(owner) };
            return;
          }
          outline = parseOutline(written.text, sources);
          if (!outline) {
            yield {
              t: 'error',
              code: 'common/service-unavailable',
              message: 'The language model’s outline could not be read. Retry, or use the composer.',
            };
            yield { t: 'usage', usage: await usage(owner) };
            return;
          }
        }
        await repository.updateSession(session.id, { outline, title: outline.title });
        yield { t: 'outline', outline };
        yield { t: 'usage', usage: await usage(owner) };
      })();
    },

    /**
     * The draft step (needs an outline): `mode`, `delta`s as the model writes section by section, `version`
     * (a new version; `complete: false` when the model stopped, followed by `error`), `usage`.
     */
    async draft(owner: string, id: string, asked: 'auto' | 'composer', signal: AbortSignal) {
      const session = await ownSession(owner, id);
      const outline = session.outline as BuilderOutline | null;
      if (!outline) throw new AppError('blog-builder/no-outline');
      const { cards } = await sessionCards(owner, session);
      const chosen = await chooseMode(owner, asked);
      return (async function* (): AsyncGenerator<BuilderEvent> {
        yield { t: 'mode', mode: chosen.mode, notice: chosen.notice };
        if (chosen.mode === 'composer') {
          const row = await repository.addVersion(session.id, {
            instruction: null,
            sectionIndex: null,
            draft: composeDraft(outline, cards),
            mode: 'composer',
            complete: true,
          });
          yield { t: 'version', version: versionOf(row) };
          yield { t: 'usage', usage: await usage(owner) };
          return;
        }
        const sources = numberSources(cards);
        const calls = outline.sections.map((section, index) => {
          const given = sectionSources(sources, section.cardIds);
          return { messages: draftPrompt(outline, index, given), sources: given };
        });
        const run = await repository.addRun(owner, session.id, 'draft');
        const result = yield* sectionByCall(calls, chosen.llm, signal);
        await repository.setRunTokens(run, result.tokens);
        const row = await repository.addVersion(session.id, {
          instruction: null,
          sectionIndex: null,
          draft: {
            title: outline.title,
            sections: result.sections.map((paragraphs, index) => ({
              heading: outline.sections[index]!.heading,
              paragraphs,
            })),
          },
          mode: 'model',
          complete: result.error === null,
        });
        yield { t: 'version', version: versionOf(row) };
        if (result.error) yield failed(result.error, true);
        yield { t: 'usage', usage: await usage(owner) };
      })();
    },

    /**
     * The revise step (needs a draft) on the whole post or one section: `mode`, `delta`s, `version` (the
     * revised sections with the rest unchanged; incomplete and followed by `error` when the model stopped;
     * with the composer, a notice when it cannot follow the instruction), `usage`.
     */
    async revise(
      owner: string,
      id: string,
      input: { instruction: string; sectionIndex: number | null; mode: 'auto' | 'composer' },
      signal: AbortSignal,
    ) {
      const session = await ownSession(owner, id);
      const current = await repository.version(session.id);
      if (!current) throw new AppError('blog-builder/no-draft');
      const draft = current.draft as BuilderDraft;
      if (input.sectionIndex !== null && input.sectionIndex >= draft.sections.length)
        throw new AppError('common/validation-failed', {
          message: 'The draft has no such section.',
          details: { fields: [{ path: 'sectionIndex', message: 'The draft has no such section' }] },
        });
      const { cards } = await sessionCards(owner, session);
      const chosen = await chooseMode(owner, input.mode);
      const base = { instruction: input.instruction, sectionIndex: input.sectionIndex };
      return (async function* (): AsyncGenerator<BuilderEvent> {
        if (chosen.mode === 'composer') {
          const revised = composeRevision(draft, input.instruction, input.sectionIndex, cards);
          yield { t: 'mode', mode: 'composer', notice: revised.notice ?? chosen.notice };
          const row = await repository.addVersion(session.id, {
            ...base,
            draft: revised.draft,
            mode: 'composer',
            complete: true,
          });
          yield { t: 'version', version: versionOf(row) };
          yield { t: 'usage', usage: await usage(owner) };
          return;
        }
        yield { t: 'mode', mode: 'model', notice: null };
        const sources = numberSources(cards);
        const targets = draft.sections
          .map((section, index) => ({ section, index }))
          .filter(({ index }) => input.sectionIndex === null || index === input.sectionIndex);
        const calls = targets.map(({ section, index }) => {
          const cited = [
            ...new Set(section.paragraphs.flatMap((p) => p.sentences.flatMap((s) => s.cardIds))),
          ];
          const given = sectionSources(sources, cited);
          return { messages: revisePrompt(draft, index, input.instruction, given, sources), sources: given };
        });
        const run = await repository.addRun(owner, session.id, 'revise');
        const result = yield* sectionByCall(calls, chosen.llm, signal);
        await repository.setRunTokens(run, result.tokens);
        // Sections the model did not reach (it stopped) keep their text.
        const sections = draft.sections.map((section, index) => {
          const at = targets.findIndex((target) => target.index === index);
          const paragraphs = at === -1 ? undefined : result.sections[at];
          return paragraphs === undefined ? section : { heading: section.heading, paragraphs };
        });
        const row = await repository.addVersion(session.id, {
          ...base,
          draft: { title: draft.title, sections },
          mode: 'model',
          complete: result.error === null,
        });
        yield { t: 'version', version: versionOf(row) };
        if (result.error) yield failed(result.error, true);
        yield { t: 'usage', usage: await usage(owner) };
      })();
    },

    /**
     * Opens the newest version in the blog editor: a draft post of the owner's with the version's title, its
     * Markdown (footnotes naming the source cards) and the sources' most common tags. Never publishes.
     */
    async open(owner: string, id: string): Promise<{ postId: string }> {
      const session = await ownSession(owner, id);
      const current = await repository.version(session.id);
      if (!current) throw new AppError('blog-builder/no-draft');
      const draft = current.draft as BuilderDraft;
      const { rows } = await sessionCards(owner, session);
      const title = (draft.title.trim() || session.title || 'Untitled').slice(0, 160);
      const postId = await deps.createPostDraft(owner, {
        title,
        body: draftMarkdown(draft, new Map(rows.map((row) => [row.id, row.title]))),
        tags: commonTags(rows),
      });
      await repository.setPost(session.id, postId);
      return { postId };
    },
  };
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.trim());

export type BlogBuilderService = ReturnType<typeof createBlogBuilderService>;
